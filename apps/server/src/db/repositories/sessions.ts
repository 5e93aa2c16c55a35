import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { type MemberChanged, nothingCached } from './users.js';

const ENDED_SESSIONS_BATCH = 1_000;
/** Enough to name any browser; a longer User-Agent is cut (it is only shown, never matched). */
export const USER_AGENT_MAX_LENGTH = 512;

export function createSessionsRepository(
  db: Kysely<DatabaseSchema>,
  memberChanged: MemberChanged = nothingCached,
) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date, userAgent?: string | null) {
      await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          expires_at: expiresAt,
          user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
        })
        .execute();
    },

    /** The member's live sessions in browsers, newest first (token hashes to tell the caller's own apart). */
    listLive(userId: string) {
      return (
        db
          .selectFrom('sessions')
          .select(['id', 'created_at', 'last_used_at', 'user_agent', 'token_hash'])
          .where('user_id', '=', userId)
          // Apps' tokens are listed as Connected apps (oauth-grants.ts).
          .where('app_id', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', new Date())
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      );
    },

    /**
     * Ends one live session of the member by its id; false when they have no such session (an
     * unknown id, someone else's, or one already ended). Resolves once every instance refuses it.
     */
    async revokeById(userId: string, id: string) {
      if (!isId(id)) return false;
      const ended = await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('app_id', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('id')
        .executeTakeFirst();
      if (!ended) return false;
      await memberChanged(userId);
      return true;
    },

    /**
     * Records that a session was used, unless that was recorded within the last `withinMs` (by
     * this or another instance): a write a minute per session at most, never one per request.
     */
    async touch(tokenHash: string, withinMs: number) {
      await db
        .updateTable('sessions')
        .set({ last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('last_used_at', '<', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
        .execute();
    },

    /**
     * Revokes one session of one member; a token of someone else's is left alone. Resolves once
     * every server instance has forgotten the session, so it is refused everywhere from then on.
     */
    async revoke(userId: string, tokenHash: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      await memberChanged(userId);
    },

    /**
     * Deletes sessions that can never sign anyone in again: expired, or signed out (whose sign-out
     * every instance has already been told of). In batches, so a large backlog never holds one
     * long statement's locks. Returns how many were deleted.
     */
    async deleteEnded(now = new Date(), batchSize = ENDED_SESSIONS_BATCH) {
      let deleted = 0;
      for (;;) {
        const batch = db
          .selectFrom('sessions')
          .select('id')
          .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
          .limit(batchSize);
        const result = await db.deleteFrom('sessions').where('id', 'in', batch).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < batchSize) return deleted;
      }
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
