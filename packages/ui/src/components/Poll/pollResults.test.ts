import type { Poll } from '@whisp/api-client';
import { describe, expect, it } from 'vitest';
import {
  pollCountsKnown,
  pollHasEnded,
  pollPercentages,
  pollTimeLabel,
  pollTotalLabel,
} from './pollResults.js';

const now = new Date('2026-06-15T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

function poll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 'poll-1',
    options: [
      { title: 'Tabs', votes_count: 3 },
      { title: 'Spaces', votes_count: 1 },
    ],
    multiple: false,
    expires_at: inHours(50),
    expired: false,
    votes_count: 4,
    voters_count: 4,
    voted: true,
    own_votes: [0],
    ...overrides,
  };
}

describe('poll results', () => {
  it('divides a single-choice poll by its votes', () => {
    expect(pollPercentages(poll())).toEqual([75, 25]);
  });

  it('divides a multiple-choice poll by its voters, so the bars may add up past 100', () => {
    const multiple = poll({
      multiple: true,
      options: [
        { title: 'Red', votes_count: 2 },
        { title: 'Blue', votes_count: 2 },
      ],
      votes_count: 4,
      voters_count: 3,
    });
    expect(pollPercentages(multiple)).toEqual([67, 67]);
    expect(pollTotalLabel(multiple)).toBe('3 people');
  });

  it('shows 0% for every option of a poll nobody voted in, not NaN', () => {
    const empty = poll({
      options: [
        { title: 'A', votes_count: 0 },
        { title: 'B', votes_count: 0 },
      ],
      votes_count: 0,
      voters_count: 0,
    });
    expect(pollPercentages(empty)).toEqual([0, 0]);
    expect(pollTotalLabel(empty)).toBe('0 votes');
  });

  it('knows the counts only when every option has one', () => {
    expect(pollCountsKnown(poll())).toBe(true);
    expect(
      pollCountsKnown(
        poll({
          options: [
            { title: 'A', votes_count: null },
            { title: 'B', votes_count: null },
          ],
        }),
      ),
    ).toBe(false);
  });

  it('says how long is left in the largest whole unit', () => {
    expect(pollTimeLabel(poll(), now)).toBe('2 days left');
    expect(pollTimeLabel(poll({ expires_at: inHours(1.5) }), now)).toBe('1 hour left');
    expect(pollTimeLabel(poll({ expires_at: inHours(0.25) }), now)).toBe('15 minutes left');
    expect(pollTimeLabel(poll({ expires_at: inHours(0.01) }), now)).toBe('Less than a minute left');
    expect(pollTotalLabel(poll({ votes_count: 1 }))).toBe('1 vote');
  });

  it('ends when the server says so or when its time has passed on this clock', () => {
    expect(pollHasEnded(poll({ expired: true }), now)).toBe(true);
    expect(pollHasEnded(poll({ expires_at: inHours(-1) }), now)).toBe(true);
    expect(pollTimeLabel(poll({ expires_at: inHours(-1) }), now)).toBe('Final results');
    expect(pollHasEnded(poll(), now)).toBe(false);
  });
});
