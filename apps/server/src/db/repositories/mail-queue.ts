import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema, MailKind } from '../schema.js';

type Db = Kysely<DatabaseSchema>;

/** A queued mail as a sending instance claimed it. */
export interface ClaimedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  created_at: Date;
  /** This attempt's number, from 1. */
  attempts: number;
}

/** Longest `last_error` kept: the start of an SMTP answer says what went wrong. */
const ERROR_TEXT_MAX_LENGTH = 1_000;

/** The durable queue of outgoing mail (see 0010_mail_and_sessions.sql). */
export function createMailQueueRepository(db: Db) {
  return {
    async enqueue(kind: MailKind, recipient: string) {
      await db.insertInto('mail_queue').values({ kind, recipient }).execute();
    },

    /**
     * Claims up to `limit` due mails for `leaseMs`. `for update skip locked` keeps two instances
     * from claiming the same row at once; the lease keeps it from being claimed again while this
     * instance sends it, and lets another take it over if this one dies mid-send.
     *
     * `dueBy` counts rows due by then as due now. A retry's time is this server's clock, and so is
     * the timer set for it, but `now()` is the database's, which may run behind (PostgreSQL on
     * another machine): the timer's claim must still find its row, not leave it to the next poll.
     */
    async claimDue(limit: number, leaseMs: number, dueBy?: Date): Promise<ClaimedMail[]> {
      const leaseSeconds = leaseMs / 1000;
      const due = dueBy ? sql<Date>`greatest(now(), ${dueBy})` : sql<Date>`now()`;
      const rows = await db
        .updateTable('mail_queue')
        .set((eb) => ({
          claimed_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_queue')
            .select('id')
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', due)
            .where((inner) =>
              inner.or([
                inner('claimed_until', 'is', null),
                inner('claimed_until', '<', sql<Date>`now()`),
              ]),
            )
            .orderBy('next_attempt_at')
            .orderBy('created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'kind', 'recipient', 'created_at', 'attempts'])
        .execute();
      // Oldest first (update … returning keeps no order): a member's newer reset request is
      // then served after the older one, whose link it voids.
      return rows
        .map((row) => ({ ...row, attempts: Number(row.attempts) }))
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    },

    /** Sent, or nothing to send (no account has that address): the row goes. */
    async remove(id: string) {
      await db.deleteFrom('mail_queue').where('id', '=', id).execute();
    },

    /** A failed attempt: tried again at `retryAt`, or kept as failed when null (no more tries). */
    async recordFailure(id: string, error: string, retryAt: Date | null) {
      await db
        .updateTable('mail_queue')
        .set({
          claimed_until: null,
          last_error: error.slice(0, ERROR_TEXT_MAX_LENGTH),
          ...(retryAt ? { next_attempt_at: retryAt } : { failed_at: new Date() }),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MailQueueRepository = ReturnType<typeof createMailQueueRepository>;
