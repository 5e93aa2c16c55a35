import { Note, type Question } from '@fedify/fedify/vocab';
import {
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
} from '@whisp/api-client/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** A poll of another server as its Question tells it, counts included. */
export interface RemotePoll {
  options: string[];
  multiple: boolean;
  expiresAt: Date;
  optionCounts: number[];
  votersCount: number;
}

/**
 * The poll a Question carries, or null when Whisp cannot hold it (more options than Whisp's
 * polls have, or longer ones): the whisp then keeps its text and its link to the original.
 * A Question with no end is taken to end when Whisp's longest poll would.
 */
export async function pollOfQuestion(question: Question): Promise<RemotePoll | null> {
  const exclusive = await collect(question.getExclusiveOptions());
  const inclusive = await collect(question.getInclusiveOptions());
  const multiple = exclusive.length === 0 && inclusive.length > 0;
  const choices = multiple ? inclusive : exclusive;
  const options = choices.map((choice) => choice.name?.toString().trim() ?? '');
  if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX) return null;
  if (options.some((option) => option === '' || option.length > POLL_OPTION_MAX_LENGTH))
    return null;
  if (new Set(options).size !== options.length) return null;
  const optionCounts = await Promise.all(
    choices.map(async (choice) => {
      const replies = await choice.getReplies().catch(() => null);
      return Math.max(0, replies?.totalItems ?? 0);
    }),
  );
  const end = question.endTime ?? (typeof question.closed === 'object' ? question.closed : null);
  return {
    options,
    multiple,
    expiresAt: end ? new Date(end.epochMilliseconds) : new Date(Date.now() + 7 * 24 * 60 * 60_000),
    optionCounts,
    votersCount: Math.max(0, question.voters ?? Math.max(0, ...optionCounts)),
  };
}

async function collect(options: AsyncIterable<unknown>) {
  const notes: Note[] = [];
  for await (const option of options) if (option instanceof Note) notes.push(option);
  return notes;
}

/**
 * Records a remote whisp's poll with the counts its server gave. The triggers then add the votes
 * of members here, until the next Update of the Question brings the server's own counts again.
 */
export async function recordRemotePoll(
  transaction: Transaction<DatabaseSchema>,
  postId: string,
  poll: RemotePoll,
) {
  await sql`
    insert into polls (post_id, options, multiple, expires_at, option_counts, votes_count,
      voters_count)
    values (${postId}, ${poll.options}, ${poll.multiple}, ${poll.expiresAt},
      ${poll.optionCounts}, ${poll.optionCounts.reduce((sum, count) => sum + count, 0)},
      ${poll.votersCount})
  `.execute(transaction);
}

/** A remote poll's counts (and end) as its server now tells them; the options stay as first told. */
export async function refreshRemotePoll(
  db: Kysely<DatabaseSchema>,
  postId: string,
  poll: RemotePoll,
) {
  await sql`
    update polls set option_counts = ${poll.optionCounts},
      votes_count = ${poll.optionCounts.reduce((sum, count) => sum + count, 0)},
      voters_count = ${poll.votersCount}, expires_at = ${poll.expiresAt}
    where post_id = ${postId} and cardinality(options) = ${poll.optionCounts.length}
  `.execute(db);
}
