import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';

/** Why a vote was not counted, once its choices were found valid. */
export type VoteRefusal = 'pollExpired' | 'alreadyVoted';

export function createPollsRepository(
  db: Kysely<DatabaseSchema>,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  type Tx = Transaction<DatabaseSchema>;
  type OpenPoll = { post_id: string; multiple: boolean };

  /**
   * A vote's transaction: the poll's row locked first (two votes of one member arriving
   * together are taken in turn, the second finding the first), refused once it has ended (by
   * the database's clock, as every reader reads it), the voter's earlier choices read for
   * `record`. Once it has committed, other servers' copies of the poll hear of it.
   */
  async function recordVote(
    pollId: string,
    voterId: string,
    choices: number[],
    record: (transaction: Tx, poll: OpenPoll, earlier: number[]) => Promise<VoteRefusal | null>,
  ): Promise<VoteRefusal | null> {
    const outcome = await db.transaction().execute(async (transaction) => {
      const poll = await transaction
        .selectFrom('polls')
        .select(['post_id', 'multiple', sql<boolean>`expires_at <= now()`.as('expired')])
        .where('id', '=', pollId)
        .forUpdate()
        .executeTakeFirst();
      if (!poll || poll.expired) return { refusal: 'pollExpired' as const };
      const earlier = await transaction
        .selectFrom('poll_votes')
        .select('choice')
        .where('poll_id', '=', pollId)
        .where('voter_id', '=', voterId)
        .execute();
      const refusal = await record(
        transaction,
        poll,
        earlier.map((vote) => vote.choice),
      );
      return { refusal, postId: poll.post_id };
    });
    if (outcome.refusal || !outcome.postId) return outcome.refusal;
    federatedChanges.report({ kind: 'poll.voted', postId: outcome.postId, voterId, choices });
    return null;
  }

  function insertChoices(transaction: Tx, pollId: string, voterId: string, choices: number[]) {
    return transaction
      .insertInto('poll_votes')
      .values(choices.map((choice) => ({ poll_id: pollId, voter_id: voterId, choice })))
      .execute();
  }

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
     * 0014_composer.sql in the same transaction.
     */
    vote(pollId: string, voterId: string, choices: number[]): Promise<VoteRefusal | null> {
      return recordVote(pollId, voterId, choices, async (transaction, _poll, earlier) => {
        if (earlier.length > 0) return 'alreadyVoted';
        await insertChoices(transaction, pollId, voterId, choices);
        return null;
      });
    },

    /**
     * One choice of a member of another server: Mastodon sends a vote as one Note per chosen
     * option (federation/inbox.ts). A single-choice poll takes their first; a multiple-choice one
     * each option once. The same choice again (a delivery repeated) changes nothing.
     */
    addRemoteChoice(pollId: string, voterId: string, choice: number): Promise<VoteRefusal | null> {
      return recordVote(pollId, voterId, [choice], async (transaction, poll, earlier) => {
        if (earlier.includes(choice)) return 'alreadyVoted';
        if (earlier.length > 0 && !poll.multiple) return 'alreadyVoted';
        // The triggers count a voter at the row of their smallest choice, which must be in the
        // statement that counts them: a smaller choice than those recorded replaces them all.
        if (earlier.length > 0 && choice < Math.min(...earlier)) {
          await transaction
            .deleteFrom('poll_votes')
            .where('poll_id', '=', pollId)
            .where('voter_id', '=', voterId)
            .execute();
          await insertChoices(transaction, pollId, voterId, [choice, ...earlier]);
        } else {
          await insertChoices(transaction, pollId, voterId, [choice]);
        }
        return null;
      });
    },
  };
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;
