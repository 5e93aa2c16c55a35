import type { pollSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { PostRow } from '../db/repositories/posts.js';

export type PollShape = z.infer<typeof pollSchema>;

/**
 * A whisp's poll as the viewer sees it, or null for a whisp without one. The per-option counts
 * stay hidden (null) from a viewer who neither voted nor wrote it until it ends, so the running
 * tally cannot sway their vote; the totals are always shown.
 */
export function toPollShape(row: PostRow): PollShape | null {
  const { poll } = row;
  if (!poll) return null;
  const ownVotes = poll.own_votes;
  const countsShown = poll.counts_shown || ownVotes.length > 0;
  return {
    id: poll.id,
    options: poll.options.map((title, index) => ({
      title,
      votes_count: countsShown ? Number(poll.option_counts[index] ?? 0) : null,
    })),
    multiple: poll.multiple,
    expires_at: poll.expires_at,
    expired: poll.expired,
    votes_count: Number(poll.votes_count),
    voters_count: Number(poll.voters_count),
    voted: ownVotes.length > 0,
    own_votes: ownVotes.map(Number),
  };
}
