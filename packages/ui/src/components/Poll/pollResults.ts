import type { Poll } from '@whisp/api-client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whether the poll takes no more votes: the server says so, or its time has passed here. */
export function pollHasEnded(poll: Poll, now: Date = new Date()): boolean {
  return poll.expired || new Date(poll.expires_at).getTime() <= now.getTime();
}

/** Whether the per-option counts are known (the viewer voted or wrote it, or it has ended). */
export function pollCountsKnown(poll: Poll): boolean {
  return poll.options.every((option) => option.votes_count !== null);
}

/**
 * Each option's share, whole percent. A multiple-choice poll divides by the people who voted
 * (as Mastodon does: each bar says how many of them ticked it, so the bars may add up past 100);
 * a single-choice poll by the votes.
 */
export function pollPercentages(poll: Poll): number[] {
  const total = poll.multiple ? poll.voters_count : poll.votes_count;
  return poll.options.map((option) =>
    total > 0 && option.votes_count ? Math.round((option.votes_count / total) * 100) : 0,
  );
}

/** "1 vote", "12 votes"; a multiple-choice poll counts people: "3 people". */
export function pollTotalLabel(poll: Poll): string {
  if (poll.multiple) {
    return `${poll.voters_count} ${poll.voters_count === 1 ? 'person' : 'people'}`;
  }
  return `${poll.votes_count} ${poll.votes_count === 1 ? 'vote' : 'votes'}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "2 days left", "5 hours left", "3 minutes left", "Less than a minute left"; "Final results" once over. */
export function pollTimeLabel(poll: Poll, now: Date = new Date()): string {
  if (pollHasEnded(poll, now)) return 'Final results';
  const remaining = new Date(poll.expires_at).getTime() - now.getTime();
  if (remaining >= DAY) return `${plural(Math.floor(remaining / DAY), 'day')} left`;
  if (remaining >= HOUR) return `${plural(Math.floor(remaining / HOUR), 'hour')} left`;
  if (remaining >= MINUTE) return `${plural(Math.floor(remaining / MINUTE), 'minute')} left`;
  return 'Less than a minute left';
}
