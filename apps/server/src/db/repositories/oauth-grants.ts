import { OAUTH_CODE_TTL_SECONDS, OAUTH_TICKET_TTL_SECONDS } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { hashSessionToken } from '../../auth/tokens.js';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { type MemberChanged, nothingCached } from './users.js';

// A member's authorizations of Mastodon apps (0025_oauth_grants.sql): the decision on its way
// from the consent page to the app (a ticket, then a code), and the tokens apps then hold, which
// are sessions carrying the app and its scopes.

/**
 * Mastodon's tokens never expire (an app signed in stays so until the member revokes it); a
 * session needs an end, so this one is beyond any app's life.
 */
export const APP_SESSION_EXPIRES_AT = new Date('9999-12-31T00:00:00Z');

export interface NewAuthorization {
  appId: string;
  userId: string;
  approved: boolean;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
}

/** An app the member authorized, while it holds a live token of theirs. */
export interface ConnectedAppRow {
  id: string;
  name: string;
  website: string | null;
  scopes: string[];
  authorized_at: Date;
  last_used_at: Date;
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export function createOauthGrantsRepository(
  db: Kysely<DatabaseSchema>,
  memberChanged: MemberChanged = nothingCached,
) {
  return {
    /** Keeps the member's decision behind a one-use ticket (only its hash is stored). */
    async createTicket(authorization: NewAuthorization, ticket: string) {
      await db
        .insertInto('oauth_authorizations')
        .values({
          app_id: authorization.appId,
          user_id: authorization.userId,
          approved: authorization.approved,
          redirect_uri: authorization.redirectUri,
          scopes: authorization.scopes,
          state: authorization.state,
          code_challenge: authorization.codeChallenge,
          ticket_hash: hashSessionToken(ticket),
          expires_at: secondsFromNow(OAUTH_TICKET_TTL_SECONDS),
        })
        .execute();
    },

    /**
     * Uses a ticket, once: the decision it carries, or undefined when it is unknown, used or
     * expired. An approval's code takes the ticket's place, usable for OAUTH_CODE_TTL_SECONDS; a
     * denial leaves nothing usable (the row goes with the next sweep).
     */
    async redeemTicket(ticket: string, code: string) {
      return db
        .updateTable('oauth_authorizations')
        .set((eb) => ({
          ticket_hash: null,
          code_hash: eb
            .case()
            .when('approved', '=', true)
            .then(hashSessionToken(code))
            .else(null)
            .end(),
          expires_at: eb
            .case()
            .when('approved', '=', true)
            .then(secondsFromNow(OAUTH_CODE_TTL_SECONDS))
            .else(sql<Date>`now()`)
            .end(),
        }))
        .where('ticket_hash', '=', hashSessionToken(ticket))
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['app_id', 'approved', 'redirect_uri', 'state'])
        .executeTakeFirst();
    },

    /**
     * Takes a code out of the table: a code is exchanged once, whatever comes of the exchange.
     * Undefined when it is unknown, used or expired.
     */
    async redeemCode(code: string) {
      return db
        .deleteFrom('oauth_authorizations')
        .where('code_hash', '=', hashSessionToken(code))
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['app_id', 'user_id', 'redirect_uri', 'scopes', 'code_challenge'])
        .executeTakeFirst();
    },

    /** A token of the member's for the app: a session with the app and its scopes. */
    async createMemberToken(appId: string, userId: string, scopes: string[], token: string) {
      const { created_at } = await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: hashSessionToken(token),
          expires_at: APP_SESSION_EXPIRES_AT,
          app_id: appId,
          scopes,
        })
        .returning('created_at')
        .executeTakeFirstOrThrow();
      return created_at;
    },

    /**
     * Whose token this is, for an app revoking it: `own` (this app's token of a member: now
     * revoked), `other` (another app's, or a browser's session: left alone) or `unknown`.
     */
    async revokeMemberToken(appId: string, token: string): Promise<'own' | 'other' | 'unknown'> {
      const tokenHash = hashSessionToken(token);
      const session = await db
        .selectFrom('sessions')
        .select(['user_id', 'app_id'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!session) return 'unknown';
      if (session.app_id !== appId) return 'other';
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      await memberChanged(session.user_id);
      return 'own';
    },

    /** The apps holding a live token of the member's, most recently authorized first. */
    async connectedApps(userId: string): Promise<ConnectedAppRow[]> {
      const sessions = await db
        .selectFrom('sessions')
        .innerJoin('oauth_apps', 'oauth_apps.id', 'sessions.app_id')
        .select([
          'oauth_apps.id',
          'oauth_apps.name',
          'oauth_apps.website',
          'sessions.scopes',
          'sessions.created_at',
          'sessions.last_used_at',
        ])
        .where('sessions.user_id', '=', userId)
        .where('sessions.app_id', 'is not', null)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', new Date())
        .orderBy('sessions.created_at', 'desc')
        .execute();
      // A member holds a few apps' tokens: grouped here rather than in SQL, keeping the order.
      const apps = new Map<string, ConnectedAppRow>();
      for (const session of sessions) {
        const known = apps.get(session.id);
        if (!known) {
          apps.set(session.id, {
            id: session.id,
            name: session.name,
            website: session.website,
            scopes: [...(session.scopes ?? [])],
            authorized_at: session.created_at,
            last_used_at: session.last_used_at,
          });
          continue;
        }
        for (const scope of session.scopes ?? []) {
          if (!known.scopes.includes(scope)) known.scopes.push(scope);
        }
        if (session.last_used_at > known.last_used_at) known.last_used_at = session.last_used_at;
      }
      return [...apps.values()];
    },

    /**
     * Revokes every token the app holds of the member's, and any authorization still on its way.
     * The app's name, or undefined when it held none. Resolves once every instance refuses them.
     */
    async revokeApp(userId: string, appId: string) {
      if (!isId(appId)) return undefined;
      const revoked = await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('oauth_authorizations')
          .where('user_id', '=', userId)
          .where('app_id', '=', appId)
          .execute();
        return trx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .from('oauth_apps')
          .whereRef('oauth_apps.id', '=', 'sessions.app_id')
          .where('sessions.user_id', '=', userId)
          .where('sessions.app_id', '=', appId)
          .where('sessions.revoked_at', 'is', null)
          .where('sessions.expires_at', '>', new Date())
          .returning('oauth_apps.name')
          .execute();
      });
      if (revoked.length === 0) return undefined;
      await memberChanged(userId);
      return revoked[0]?.name;
    },

    /** Deletes authorizations past their time (used, denied or never finished). */
    async deleteExpired(now = new Date()) {
      const result = await db
        .deleteFrom('oauth_authorizations')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OauthGrantsRepository = ReturnType<typeof createOauthGrantsRepository>;
