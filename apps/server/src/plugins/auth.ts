import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSessionActivity } from '../auth/session-activity.js';
import { hashSessionToken } from '../auth/tokens.js';
import type { SignedInMember } from '../db/repositories/users.js';
import { apiError } from '../http/api-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook: refuses the request with 401 unless it carries a live session token of
     * the web app's (a Mastodon app's token of a member is for the Mastodon API only).
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The member a session token signs in (from the sign-in cache when it can), recording its
     * use now and then; undefined for an unknown, revoked or expired token. Both APIs' checks
     * start here.
     */
    signedInMember(token: string, request: FastifyRequest): Promise<SignedInMember | undefined>;
  }
  interface FastifyContextConfig {
    /**
     * Also accept the token as `?token=` (GET /api/events only: EventSource cannot send headers,
     * and a token in a URL can end up in proxy logs, so no other route takes one there).
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in member; set by `authenticate` on every route behind it. */
    member: SignedInMember;
    /** The session token the request came with (to sign out exactly that session). */
    sessionToken: string;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export const bearerToken = (header: string | undefined) =>
  header === undefined ? undefined : BEARER.exec(header)?.[1];

function tokenFromQuery(request: FastifyRequest) {
  if (!request.routeOptions.config.tokenInQuery) return undefined;
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? `Bearer ${token}` : undefined;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('member', null as unknown as SignedInMember);
    app.decorateRequest('sessionToken', '');
    const activity = createSessionActivity();

    app.decorate('signedInMember', async (token: string, request: FastifyRequest) => {
      const tokenHash = hashSessionToken(token);
      const useDue = activity.isDue(tokenHash);
      const cached = app.sessionCache.get(tokenHash);
      // A sign-in not cached is looked up and its use recorded in one statement.
      const member =
        cached ??
        (await app.sessionCache.load(tokenHash, (hash) =>
          app.repositories.users.findBySessionToken(hash, useDue ? activity.intervalMs : undefined),
        ));
      if (member && cached && useDue) {
        // Awaited (once a minute per session), so no write is left running when the app closes;
        // a failure only leaves the time older, never fails the request.
        await app.repositories.sessions
          .touch(tokenHash, activity.intervalMs)
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not record when a session was last used'),
          );
      }
      return member;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? tokenFromQuery(request);
      if (!header) throw apiError('authenticationRequired');
      const token = bearerToken(header);
      if (!token) throw apiError('invalidSession');
      const member = await app.signedInMember(token, request);
      if (!member || member.app !== null) throw apiError('invalidSession');
      request.member = member;
      request.sessionToken = token;
    });
  },
  { name: 'auth', dependencies: ['repositories', 'session-cache'] },
);
