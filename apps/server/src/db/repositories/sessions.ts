import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type MemberChanged, nothingCached } from './users.js';

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
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
