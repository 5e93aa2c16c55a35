import type { Kysely } from 'kysely';
import type { DatabaseSchema, NewMemberClaims } from '../schema.js';

type Db = Kysely<DatabaseSchema>;

export interface NewFlow {
  stateHash: string;
  browserHash: string;
  provider: string;
  nonce: string;
  codeVerifier: string;
  /** The member connecting the provider; null for a sign-in. */
  userId: string | null;
  expiresAt: Date;
}

export type TicketOutcome =
  | { kind: 'member'; userId: string }
  | { kind: 'new-member'; claims: NewMemberClaims };

/**
 * Sign-ins with a provider under way, kept in the database so that any instance can take each
 * step: the flows between the start and the provider's callback, and the tickets between the
 * callback and POST /api/auth/oidc/complete. Both are one use and expire; they are stored by
 * hash, so a copy of these tables resumes nobody's sign-in.
 */
export function createOidcFlowsRepository(db: Db) {
  return {
    /** Stores a new flow, and clears the flows and tickets that expired (an index range). */
    async start(flow: NewFlow) {
      const now = new Date();
      await db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
      await db.deleteFrom('oidc_tickets').where('expires_at', '<=', now).execute();
      await db
        .insertInto('oidc_flows')
        .values({
          state_hash: flow.stateHash,
          browser_hash: flow.browserHash,
          provider: flow.provider,
          nonce: flow.nonce,
          code_verifier: flow.codeVerifier,
          user_id: flow.userId,
          expires_at: flow.expiresAt,
        })
        .execute();
    },

    /**
     * Takes the flow a callback names: deleted as it is read, so a replayed callback (the same
     * state again) finds nothing. Only the browser that started it may take it, before expiry.
     */
    async take(stateHash: string, browserHash: string, provider: string) {
      return db
        .deleteFrom('oidc_flows')
        .where('state_hash', '=', stateHash)
        .where('browser_hash', '=', browserHash)
        .where('provider', '=', provider)
        .where('expires_at', '>', new Date())
        .returning(['nonce', 'code_verifier', 'user_id'])
        .executeTakeFirst();
    },

    /** Keeps a callback's outcome for POST /api/auth/oidc/complete. */
    async issueTicket(
      ticketHash: string,
      provider: string,
      outcome: TicketOutcome,
      expiresAt: Date,
    ) {
      await db
        .insertInto('oidc_tickets')
        .values({
          token_hash: ticketHash,
          provider,
          user_id: outcome.kind === 'member' ? outcome.userId : null,
          claims: outcome.kind === 'new-member' ? JSON.stringify(outcome.claims) : null,
          expires_at: expiresAt,
        })
        .execute();
    },

    /** A live ticket, as it is: read without using it up. */
    findTicket(ticketHash: string) {
      return db
        .selectFrom('oidc_tickets')
        .select(['provider', 'user_id', 'claims'])
        .where('token_hash', '=', ticketHash)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },

    /**
     * Uses up a ticket that signs a member in: the member, or undefined when it was used (by a
     * racing request) or expired meanwhile.
     */
    async redeemMemberTicket(ticketHash: string) {
      const row = await db
        .deleteFrom('oidc_tickets')
        .where('token_hash', '=', ticketHash)
        .where('user_id', 'is not', null)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? undefined;
    },
  };
}

export type OidcFlowsRepository = ReturnType<typeof createOidcFlowsRepository>;
