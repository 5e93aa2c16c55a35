import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type MemberChanged, nothingCached } from './users.js';

const ENDED_SESSIONS_BATCH = 1_000;

export function createSessionsRepository(
  db: Kysely<DatabaseSchema>,
  memberChanged: MemberChanged = nothingCached,
) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date) {
      await db
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
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
