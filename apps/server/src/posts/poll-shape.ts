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
  if (row.poll_id === null) return null;
  const ownVotes = row.poll_own_votes ?? [];
  const expired = Boolean(row.poll_expired);
  // poll_counts_shown: ended, or the viewer wrote it (the statement knows the viewer).
  const countsShown = Boolean(row.poll_counts_shown) || ownVotes.length > 0;
  const counts = row.poll_option_counts ?? [];
  return {
    id: row.poll_id,
    options: (row.poll_options ?? []).map((title, index) => ({
      title,
      votes_count: countsShown ? Number(counts[index] ?? 0) : null,
    })),
    multiple: Boolean(row.poll_multiple),
    expires_at: row.poll_expires_at as string,
    expired,
    votes_count: Number(row.poll_votes_count ?? 0),
    voters_count: Number(row.poll_voters_count ?? 0),
    voted: ownVotes.length > 0,
    own_votes: ownVotes.map(Number),
  };
}
