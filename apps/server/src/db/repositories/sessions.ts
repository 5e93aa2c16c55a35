import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

export function createSessionsRepository(db: Kysely<DatabaseSchema>) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date) {
      await db
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    },

    /** Revokes one session of one member; a token of someone else's is left alone. */
    async revoke(userId: string, tokenHash: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
