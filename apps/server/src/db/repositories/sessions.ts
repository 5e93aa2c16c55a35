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

    /** The member a live (not revoked, not expired) session belongs to. */
    async findLiveUserId(tokenHash: string) {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.user_id;
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
