import type { Poll, PostVersion, ScheduledWhisp } from '../models.js';
import { FIXTURE_EPOCH, nextNumber } from './builders.js';

/**
 * Fixture builders of Composer (1.2) shapes for stories and tests: pass only the fields the story
 * is about. Times are counted from FIXTURE_EPOCH, so a snapshot stays the same between runs.
 */

const HOUR_MS = 60 * 60 * 1000;
const hoursFromEpoch = (hours: number) => new Date(FIXTURE_EPOCH + hours * HOUR_MS).toISOString();

/**
 * An open single-choice poll the viewer has not voted in (counts hidden), ending a day after
 * FIXTURE_EPOCH. `votes` sets each option's count and the totals together; `seen` shows them.
 */
export function buildPoll(
  overrides: Partial<Poll> & { titles?: string[]; votes?: number[]; seen?: boolean } = {},
): Poll {
  const n = nextNumber('poll');
  const { titles = ['Tea', 'Coffee', 'Hot chocolate'], votes, seen, ...rest } = overrides;
  const counts = votes ?? titles.map((_, index) => (index * 7 + 3) % 11);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const voted = (rest.own_votes?.length ?? 0) > 0 || rest.voted === true;
  const shown = seen ?? (voted || rest.expired === true);
  return {
    id: `poll-${n}`,
    options: titles.map((title, index) => ({
      title,
      votes_count: shown ? (counts[index] ?? 0) : null,
    })),
    multiple: false,
    expires_at: hoursFromEpoch(24),
    expired: false,
    votes_count: total,
    voters_count: total,
    voted,
    own_votes: [],
    ...rest,
  };
}

/** A whisp the viewer scheduled for a day after FIXTURE_EPOCH, without a poll. */
export function buildScheduledWhisp(overrides: Partial<ScheduledWhisp> = {}): ScheduledWhisp {
  const n = nextNumber('scheduled');
  return {
    id: `scheduled-${n}`,
    scheduled_at: hoursFromEpoch(24 * n),
    content: 'Good morning! Coffee first, then the release notes.',
    content_warning: null,
    media: [],
    poll: null,
    reply_settings: { can_reply: 'everyone', can_repost: true },
    created_at: hoursFromEpoch(-1),
    ...overrides,
  };
}

/** An edited whisp's versions, oldest first, the current one last (`contents` in that order). */
export function buildPostVersions(
  contents: string[] = [
    'Shipping the new composer tomorrow!',
    'Shipping the new composer on Friday!',
    'Shipping the new composer on Friday, with polls and content warnings.',
  ],
): PostVersion[] {
  return contents.map((content, index) => ({
    content,
    content_warning: null,
    created_at: hoursFromEpoch(index - contents.length),
  }));
}
