import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type MemberChanged, nothingCached } from './users.js';

type Db = Kysely<DatabaseSchema>;

/**
 * A member's password and the password reset links: each change of password and the end of the
 * sessions it brings are one transaction, so a crash never leaves a new password with the old
 * sessions still signed in.
 */
export function createAccountsRepository(db: Db, memberChanged: MemberChanged = nothingCached) {
  /** False, and nothing changed, when `onlyWithoutPassword` and the member has one. */
  async function replacePassword(
    transaction: Transaction<DatabaseSchema>,
    userId: string,
    passwordHash: string,
    keepTokenHash: string | undefined,
    onlyWithoutPassword = false,
  ) {
    const updated = await transaction
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', userId)
      .$if(onlyWithoutPassword, (query) => query.where('password_hash', 'is', null))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await transaction
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(keepTokenHash !== undefined, (query) =>
        query.where('token_hash', '!=', keepTokenHash as string),
      )
      .execute();
    return true;
  }

  return {
    passwordHashOf(userId: string) {
      return db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst()
        .then((row) => row?.password_hash);
    },

    /**
     * Sets a new password and ends every other session of the member (the one with
     * `keepTokenHash` stays). Resolves once every instance refuses the ended sessions.
     */
    async changePassword(userId: string, passwordHash: string, keepTokenHash: string) {
      await db
        .transaction()
        .execute((transaction) =>
          replacePassword(transaction, userId, passwordHash, keepTokenHash),
        );
      await memberChanged(userId);
    },

    /**
     * Sets the first password of a member who signed up with another account, ending their other
     * sessions as a change does. False, and nothing changed, when they have one by now (a reset
     * link set it meanwhile): the one in place is not replaced without being given.
     */
    async setFirstPassword(userId: string, passwordHash: string, keepTokenHash: string) {
      const set = await db
        .transaction()
        .execute((transaction) =>
          replacePassword(transaction, userId, passwordHash, keepTokenHash, true),
        );
      if (set) await memberChanged(userId);
      return set;
    },

    /** The member a reset mail would go to, by the address asked for (any case). */
    findMailRecipient(email: string) {
      return (
        db
          .selectFrom('users')
          .select(['id', 'email', 'username', 'display_name'])
          .where(sql`lower(email)`, '=', email.trim().toLowerCase())
          // Found by its address, so it has one (members who signed up with a provider may not).
          .$narrowType<{ email: string }>()
          .executeTakeFirst()
      );
    },

    /**
     * Stores a new reset token for a request queued at `requestedAt`, voiding the member's older
     * ones. False (nothing stored) when a newer request has already been served: its link wins.
     */
    async issueResetToken(userId: string, tokenHash: string, requestedAt: Date, expiresAt: Date) {
      return db.transaction().execute(async (transaction) => {
        // Two instances serving two requests of one member take turns here.
        await transaction
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .forUpdate()
          .execute();
        const newer = await transaction
          .selectFrom('password_reset_tokens')
          .select('id')
          .where('user_id', '=', userId)
          .where('requested_at', '>', requestedAt)
          .executeTakeFirst();
        if (newer) return false;
        await transaction
          .deleteFrom('password_reset_tokens')
          .where('user_id', '=', userId)
          .execute();
        await transaction
          .insertInto('password_reset_tokens')
          .values({
            user_id: userId,
            token_hash: tokenHash,
            requested_at: requestedAt,
            expires_at: expiresAt,
          })
          .execute();
        return true;
      });
    },

    /** Deletes reset tokens past their expiry (never usable again); returns how many. */
    async deleteExpiredResetTokens(now = new Date()) {
      const result = await db
        .deleteFrom('password_reset_tokens')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Whether a reset token is live (known, unused, not voided, not expired). */
    async isResetTokenLive(tokenHash: string) {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses a live reset token: sets the password, deletes the member's reset tokens and ends
     * every session of theirs, in one transaction. Undefined when the token is not live (a
     * concurrent use of the same link finds it gone: single use holds under races too).
     */
    async resetPassword(tokenHash: string, passwordHash: string) {
      const userId = await db.transaction().execute(async (transaction) => {
        const used = await transaction
          .deleteFrom('password_reset_tokens')
          .where('token_hash', '=', tokenHash)
          .where('expires_at', '>', new Date())
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return undefined;
        await transaction
          .deleteFrom('password_reset_tokens')
          .where('user_id', '=', used.user_id)
          .execute();
        await replacePassword(transaction, used.user_id, passwordHash, undefined);
        return used.user_id;
      });
      if (userId) await memberChanged(userId);
      return userId;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
