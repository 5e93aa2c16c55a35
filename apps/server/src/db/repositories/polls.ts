import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';

/** Why a vote was not counted, once its choices were found valid. */
export type VoteRefusal = 'pollExpired' | 'alreadyVoted';

export function createPollsRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** A poll with its whisp's author, for the checks before a vote; undefined when unknown. */
    findForVote(pollId: string) {
      if (!isId(pollId)) return Promise.resolve(undefined);
      return db
        .selectFrom('polls')
        .innerJoin('posts', 'posts.id', 'polls.post_id')
        .select([
          'polls.id',
          'polls.post_id',
          'polls.multiple',
          sql<number>`cardinality(polls.options)`.as('option_count'),
          'posts.author_id',
        ])
        .where('polls.id', '=', pollId)
        .executeTakeFirst();
    },

    /**
     * Records one member's vote: each choice a row, the counts moved by the triggers of
     * 0014_composer.sql in the same transaction. The poll's row is locked first, so two votes of
     * one member arriving together are taken in turn and the second finds the first.
     */
    async vote(pollId: string, voterId: string, choices: number[]): Promise<VoteRefusal | null> {
      return db.transaction().execute(async (transaction) => {
        const poll = await transaction
          .selectFrom('polls')
          // The database's clock decides when a poll ends, as it does for every reader.
          .select(sql<boolean>`expires_at <= now()`.as('expired'))
          .where('id', '=', pollId)
          .forUpdate()
          .executeTakeFirst();
        if (!poll || poll.expired) return 'pollExpired';
        const earlier = await transaction
          .selectFrom('poll_votes')
          .select('choice')
          .where('poll_id', '=', pollId)
          .where('voter_id', '=', voterId)
          .limit(1)
          .executeTakeFirst();
        if (earlier) return 'alreadyVoted';
        await transaction
          .insertInto('poll_votes')
          .values(choices.map((choice) => ({ poll_id: pollId, voter_id: voterId, choice })))
          .execute();
        return null;
      });
    },
  };
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;
