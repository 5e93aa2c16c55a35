import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';

/** Why a vote was not counted, once its choices were found valid. */
export type VoteRefusal = 'pollExpired' | 'alreadyVoted';

export function createPollsRepository(
  db: Kysely<DatabaseSchema>,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  /** Once the vote has committed: other servers' copies of the poll show the new counts. */
  const counted = (postId: string, voterId: string, choices: number[]) =>
    federatedChanges.report({ kind: 'poll.voted', postId, voterId, choices });

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
      const outcome = await db.transaction().execute(async (transaction) => {
        const poll = await transaction
          .selectFrom('polls')
          // The database's clock decides when a poll ends, as it does for every reader.
          .select(['post_id', sql<boolean>`expires_at <= now()`.as('expired')])
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
        return poll.post_id;
      });
      if (outcome === 'pollExpired' || outcome === 'alreadyVoted') return outcome;
      counted(outcome, voterId, choices);
      return null;
    },

    /**
     * One choice of a member of another server: Mastodon sends a vote as one Note per chosen
     * option (federation/inbox.ts). A single-choice poll takes their first; a multiple-choice one
     * each option once. The same choice again (a delivery repeated) changes nothing.
     */
    async addRemoteChoice(
      pollId: string,
      voterId: string,
      choice: number,
    ): Promise<VoteRefusal | null> {
      const outcome = await db.transaction().execute(async (transaction) => {
        const poll = await transaction
          .selectFrom('polls')
          .select(['post_id', 'multiple', sql<boolean>`expires_at <= now()`.as('expired')])
          .where('id', '=', pollId)
          .forUpdate()
          .executeTakeFirst();
        if (!poll || poll.expired) return 'pollExpired';
        const earlier = await transaction
          .selectFrom('poll_votes')
          .select('choice')
          .where('poll_id', '=', pollId)
          .where('voter_id', '=', voterId)
          .execute();
        if (earlier.some((vote) => vote.choice === choice)) return 'alreadyVoted';
        if (earlier.length > 0 && !poll.multiple) return 'alreadyVoted';
        // The triggers count a voter at the row of their smallest choice, which must be in the
        // statement that counts them: a smaller choice than those recorded replaces them all.
        const choices = [choice, ...earlier.map((vote) => vote.choice)];
        if (earlier.length > 0 && choice < Math.min(...choices.slice(1))) {
          await transaction
            .deleteFrom('poll_votes')
            .where('poll_id', '=', pollId)
            .where('voter_id', '=', voterId)
            .execute();
        } else {
          choices.splice(1);
        }
        await transaction
          .insertInto('poll_votes')
          .values(choices.map((each) => ({ poll_id: pollId, voter_id: voterId, choice: each })))
          .execute();
        return poll.post_id;
      });
      if (outcome === 'pollExpired' || outcome === 'alreadyVoted') return outcome;
      counted(outcome, voterId, [choice]);
      return null;
    },
  };
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;
