import { POLL_ENDED_MESSAGES } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import type { NotificationsRepository } from './notifications.js';
import { wantsNotification } from './preferences.js';

type Db = Kysely<DatabaseSchema>;

/** A poll whose end was just announced. */
export interface EndedPoll {
  pollId: string;
  postId: string;
  /** How many notifications went out (the author's and the voters'). */
  notified: number;
}

/**
 * Polls that ended and whose author and voters have not yet been told (polls.ended_notified_at,
 * 0014_composer.sql). Each is announced exactly once: it is claimed with `for update skip locked`,
 * and its notifications and ended_notified_at commit in one transaction.
 */
export function createPollEndingsRepository(db: Db, notifications: NotificationsRepository) {
  return {
    /** Announces the poll that ended first and is not yet announced, if any. */
    async announceNext(dueBy: Date | undefined): Promise<EndedPoll | undefined> {
      const due = dueBy ? sql<Date>`greatest(now(), ${dueBy})` : sql<Date>`now()`;
      return notifications.transaction(async (transaction) => {
        const poll = await transaction
          .selectFrom('polls')
          .innerJoin('posts', 'posts.id', 'polls.post_id')
          .select(['polls.id', 'polls.post_id', 'posts.author_id'])
          .where('polls.ended_notified_at', 'is', null)
          .where('polls.expires_at', '<=', due)
          .orderBy('polls.expires_at')
          .limit(1)
          // The poll's row only: its whisp stays free for likes and edits meanwhile.
          .forUpdate('polls')
          .skipLocked()
          .executeTakeFirst();
        if (!poll) return undefined;
        // The author and every voter, once each. The poll's author is the actor of all of them;
        // a voter and the author blocked either way since hear nothing (as every notification).
        const { rows } = await sql<{ id: string; recipient_id: string }>`
          insert into notifications (recipient_id, actor_id, type, post_id, message)
          select recipient.id, ${poll.author_id}, 'poll', ${poll.post_id},
            case when recipient.id = ${poll.author_id}
              then ${POLL_ENDED_MESSAGES.author} else ${POLL_ENDED_MESSAGES.voter} end
          from (
            select ${poll.author_id}::uuid as id
            union
            select voter_id from poll_votes where poll_id = ${poll.id}
          ) recipient
          where ${wantsNotification(sql`recipient.id`, sql`'poll'`)}
          and (recipient.id = ${poll.author_id} or not exists (
            select 1 from blocks
            where (blocker_id = recipient.id and blocked_id = ${poll.author_id})
              or (blocker_id = ${poll.author_id} and blocked_id = recipient.id)
          ))
          on conflict do nothing
          returning id, recipient_id
        `.execute(transaction);
        for (const row of rows) {
          notifications.stage(transaction, {
            memberId: row.recipient_id,
            kind: 'notification',
            id: row.id,
          });
        }
        await transaction
          .updateTable('polls')
          .set({ ended_notified_at: sql<Date>`now()` })
          .where('id', '=', poll.id)
          .execute();
        return { pollId: poll.id, postId: poll.post_id, notified: rows.length };
      });
    },

    /** When the soonest unannounced poll ends (a timer is set for it), or undefined. */
    async nextDueAt(): Promise<Date | undefined> {
      const row = await db
        .selectFrom('polls')
        .select('expires_at')
        .where('ended_notified_at', 'is', null)
        .orderBy('expires_at')
        .limit(1)
        .executeTakeFirst();
      return row?.expires_at;
    },
  };
}

export type PollEndingsRepository = ReturnType<typeof createPollEndingsRepository>;
