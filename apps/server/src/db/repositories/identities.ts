import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { takenField, UniqueFieldTakenError } from './users.js';

type Db = Kysely<DatabaseSchema>;

/** The provider account is already another member's (unique provider and subject). */
export class IdentityTakenError extends Error {
  override name = 'IdentityTakenError';
}

export type UnlinkOutcome = 'unlinked' | 'not-found' | 'last-sign-in-method';

/** The outcome of creating a member from a new-member ticket. */
export type NewMemberOutcome =
  | { kind: 'created'; userId: string }
  /** The ticket is gone: used by a racing request, or expired. */
  | { kind: 'expired' }
  /** A member has the provider's verified email (nothing is created). */
  | { kind: 'email-in-use' };

export interface NewMember {
  ticketHash: string;
  provider: string;
  username: string;
  displayName: string;
}

/**
 * Provider accounts linked to members ("identities"), by the provider's subject only. A new
 * member and their identity are created together, so a failure never leaves a member who cannot
 * sign in, nor an identity of nobody.
 */
export function createIdentitiesRepository(db: Db) {
  /** The member this provider account signs in, if it is linked. */
  async function findMember(provider: string, subject: string) {
    const row = await db
      .selectFrom('identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  return {
    findMember,

    /** The member's connected accounts, oldest first. */
    list(userId: string) {
      return db
        .selectFrom('identities')
        .select(['id', 'provider', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Links a provider account to a member. Linking one already theirs changes nothing; one that
     * is another member's throws IdentityTakenError.
     */
    async link(userId: string, provider: string, subject: string) {
      const inserted = await db
        .insertInto('identities')
        .values({ user_id: userId, provider, subject })
        .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return;
      const owner = await findMember(provider, subject);
      if (owner !== userId) throw new IdentityTakenError();
    },

    /**
     * Unlinks one of the member's accounts, unless it is their last way to sign in: no password
     * and no other account of a provider still configured (`signInProviders`). The member's row
     * is locked meanwhile, so two unlinks at once cannot each leave the other as the last one,
     * nor an unlink race a password being set.
     */
    async unlink(userId: string, id: string, signInProviders: readonly string[]) {
      if (!isId(id)) return 'not-found' as const;
      return db.transaction().execute(async (transaction): Promise<UnlinkOutcome> => {
        const member = await transaction
          .selectFrom('users')
          .select(sql<boolean>`password_hash is not null`.as('has_password'))
          .where('id', '=', userId)
          // The lock two unlinks of one member take in turn; likes and follows naming the member
          // meanwhile (key share) go on.
          .forNoKeyUpdate()
          .executeTakeFirst();
        const identity = await transaction
          .selectFrom('identities')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!member || !identity) return 'not-found';
        if (!member.has_password) {
          const others =
            signInProviders.length > 0 &&
            (await transaction
              .selectFrom('identities')
              .select('id')
              .where('user_id', '=', userId)
              .where('id', '!=', id)
              .where('provider', 'in', [...signInProviders])
              .limit(1)
              .executeTakeFirst());
          if (!others) return 'last-sign-in-method';
        }
        await transaction.deleteFrom('identities').where('id', '=', id).execute();
        return 'unlinked';
      });
    },

    /** Whether the member is suspended (their sign-ins are refused, as a password's are). */
    async isSuspended(userId: string) {
      const row = await db
        .selectFrom('users')
        .select('suspended_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.suspended_at != null;
    },

    /**
     * Which of these usernames are taken here, in lower case (any case is one name); a remote
     * member's is theirs on their own server only.
     */
    async takenUsernames(candidates: readonly string[]) {
      if (candidates.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('users')
        .select(sql<string>`lower(username)`.as('username'))
        .where(
          sql`lower(username)`,
          'in',
          candidates.map((candidate) => candidate.toLowerCase()),
        )
        .where('host', 'is', null)
        .execute();
      return new Set(rows.map((row) => row.username));
    },

    /** Whether a member has this address, in any case. */
    async isEmailTaken(email: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Creates the member a new-member ticket describes, with no password, linked to the provider
     * account, and uses the ticket up: all in one transaction. The ticket stays while creation is
     * refused (a username taken meanwhile: UniqueFieldTakenError), so the person can choose
     * another. Emails are checked again here, against a member who took it since the callback.
     */
    async createFromTicket(member: NewMember): Promise<NewMemberOutcome> {
      try {
        return await db.transaction().execute(async (transaction): Promise<NewMemberOutcome> => {
          const ticket = await transaction
            .selectFrom('oidc_tickets')
            .select(['claims'])
            .where('token_hash', '=', member.ticketHash)
            .where('provider', '=', member.provider)
            .where('user_id', 'is', null)
            .where('expires_at', '>', new Date())
            .forUpdate()
            .executeTakeFirst();
          const claims = ticket?.claims;
          if (!claims) return { kind: 'expired' };
          if (claims.email) {
            const taken = await transaction
              .selectFrom('users')
              .select('id')
              .where(sql`lower(email)`, '=', claims.email.toLowerCase())
              .executeTakeFirst();
            if (taken) return { kind: 'email-in-use' };
          }
          const created = await transaction
            .insertInto('users')
            .values({
              username: member.username,
              email: claims.email,
              password_hash: null,
              display_name: member.displayName,
              bio: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await transaction
            .insertInto('identities')
            .values({ user_id: created.id, provider: member.provider, subject: claims.subject })
            .execute();
          await transaction
            .deleteFrom('oidc_tickets')
            .where('token_hash', '=', member.ticketHash)
            .execute();
          return { kind: 'created', userId: created.id };
        });
      } catch (error) {
        const field = takenField(error);
        if (field === 'username') throw new UniqueFieldTakenError('username');
        if (field === 'email') return { kind: 'email-in-use' };
        // The same provider account created by a racing request: that one signed in.
        if (isIdentityConflict(error)) return { kind: 'expired' };
        throw error;
      }
    },
  };
}

function isIdentityConflict(error: unknown) {
  const { code, constraint, message } = error as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  return (
    code === '23505' &&
    `${constraint ?? ''} ${message ?? ''}`.includes('identities_provider_subject')
  );
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
