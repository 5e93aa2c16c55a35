import { MASTODON_MESSAGES, scopeAllows } from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { bearerToken } from '../../plugins/auth.js';

// Who may call a Mastodon route, and with what (Mastodon client API 1.2, docs/mastodon-clients.md
// 1.6 and 1.7): each route names the scope its token must allow. Whisp shows nothing to someone
// not signed in (product spec, section 2), and its Mastodon API keeps that rule as a Mastodon
// server that disallows unauthenticated access does: a member's token is needed (none is 401, an
// app's own token 422). The member's checks are Whisp's: the same sign-in cache, suspension and
// rate limit as Whisp's own API.

/** A Mastodon route's rule: what the token must allow (api/oauth-scopes.md). */
export interface MastodonAccess {
  scope: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every Mastodon route that reads or acts for a member (./access.ts). */
    mastodon?: MastodonAccess;
  }
}

const invalidToken = () => new ApiError(401, 'UNAUTHORIZED', MASTODON_MESSAGES.tokenInvalid);

/** The route config of a Mastodon route: `{ config: mastodonRoute('read:statuses') }`. */
export const mastodonRoute = (scope: string): { mastodon: MastodonAccess } => ({
  mastodon: { scope },
});

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The onRequest hook of the Mastodon API's context: checks the token against the route's rule and
 * sets `request.member` to the member behind it.
 */
export function mastodonAccessHook(app: FastifyInstance): Hook {
  return async (request, reply) => {
    const rule = request.routeOptions.config.mastodon;
    if (!rule) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw invalidToken();
    const member = await app.signedInMember(token, request);
    if (!member) {
      const appOwn = await app.repositories.oauthApps.findByAppToken(token);
      if (!appOwn) throw invalidToken();
      throw new ApiError(422, 'UNPROCESSABLE_ENTITY', MASTODON_MESSAGES.memberRequired);
    }
    // The web app's sessions are for Whisp's own API: a Mastodon app is given its own token.
    if (member.app === null) throw invalidToken();
    if (!scopeAllows(member.app.scopes, rule.scope)) {
      throw new ApiError(403, 'FORBIDDEN', MASTODON_MESSAGES.outsideScopes);
    }
    request.member = member;
    request.sessionToken = token;
    // The member's one budget, whichever API they spend it through.
    await (app.memberRateLimit as unknown as Hook)(request, reply);
  };
}
