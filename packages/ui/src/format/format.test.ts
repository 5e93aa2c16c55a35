import { describe, expect, it } from 'vitest';
import { hashtagHref, parseContent, videoEmbedFor } from './content.js';
import { formatCount } from './count.js';
import { countGraphemes } from './graphemes.js';
import {
  formatClockTime,
  formatDaySeparator,
  formatFullDateTime,
  formatJoinedDate,
  formatRelativeTime,
} from './relativeTime.js';

describe('formatCount', () => {
  it('shows counts under a thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('uses K and M with one decimal', () => {
    expect(formatCount(1_000)).toBe('1.0K');
    expect(formatCount(1_234)).toBe('1.2K');
    expect(formatCount(45_600)).toBe('45.6K');
    expect(formatCount(3_400_000)).toBe('3.4M');
  });
  it('never rounds a count up past what it is', () => {
    expect(formatCount(1_999)).toBe('1.9K');
    expect(formatCount(999_999)).toBe('999.9K');
    expect(formatCount(1_000_000)).toBe('1.0M');
  });
  it('treats nonsense as zero', () => {
    expect(formatCount(-3)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says now under a minute, and for times slightly in the future', () => {
    expect(formatRelativeTime(ago(59_000), now)).toBe('now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('now');
  });
  it('counts minutes, hours and days under a week', () => {
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3h');
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe('6d');
  });
  it('shows a date from a week on, with the year only when it differs', () => {
    expect(formatRelativeTime(ago(7 * 86_400_000), now)).toBe('Jun 8');
    expect(formatRelativeTime('2025-03-04T12:00:00Z', now)).toBe('Mar 4, 2025');
  });
  it('labels chat days', () => {
    expect(formatDaySeparator(now, now)).toBe('Today');
    expect(formatDaySeparator(ago(86_400_000), now)).toBe('Yesterday');
  });
  it("writes dates as the platform's English formatter does, in local time", () => {
    // Midnight, noon and the evening; one- and two-digit days and minutes; every month.
    const hours = [0, 9, 12, 23];
    const dates = MONTH_INDEXES.flatMap((month) =>
      hours.map((hour) => new Date(2025, month, month + 1, hour, month * 5)),
    );
    const english = (options: Intl.DateTimeFormatOptions) => {
      const formatter = new Intl.DateTimeFormat('en', options);
      // Newer ICU puts a narrow no-break space before AM/PM; it reads the same.
      return (date: Date) => formatter.format(date).replaceAll('\u202f', ' ');
    };
    const full = english({ dateStyle: 'long', timeStyle: 'short' });
    const clock = english({ hour: 'numeric', minute: '2-digit' });
    const monthYear = english({ month: 'long', year: 'numeric' });
    const day = english({ weekday: 'long', month: 'long', day: 'numeric' });
    const shortDate = english({ month: 'short', day: 'numeric', year: 'numeric' });
    const later = new Date(2026, 0, 1);
    for (const date of dates) {
      expect(formatFullDateTime(date)).toBe(full(date));
      expect(formatClockTime(date)).toBe(clock(date));
      expect(formatJoinedDate(date)).toBe(`Joined ${monthYear(date)}`);
      expect(formatDaySeparator(date, later)).toBe(day(date));
      expect(formatRelativeTime(date, later)).toBe(shortDate(date));
    }
  });
});

const MONTH_INDEXES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

describe('countGraphemes', () => {
  it('counts an emoji, even a family of them, as one character', () => {
    expect(countGraphemes('hi 👋')).toBe(4);
    expect(countGraphemes('👨‍👩‍👧')).toBe(1);
    expect(countGraphemes('é')).toBe(1);
  });
});

describe('parseContent', () => {
  it('finds mentions, hashtags and links among text', () => {
    expect(parseContent('hi @ada, see #Design at https://example.com/a?b=1.')).toEqual([
      { type: 'text', text: 'hi ' },
      { type: 'mention', text: '@ada', username: 'ada', href: '/user/ada' },
      { type: 'text', text: ', see ' },
      { type: 'hashtag', text: '#Design', tag: 'Design', href: '/search?q=%23Design' },
      { type: 'text', text: ' at ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: '.' },
    ]);
  });
  it('links a member of another server by their whole handle, not the local name it starts with', () => {
    expect(parseContent('thanks @alice@Remote.example.')).toEqual([
      { type: 'text', text: 'thanks ' },
      {
        type: 'mention',
        text: '@alice@Remote.example',
        username: 'alice@remote.example',
        href: '/user/alice%40remote.example',
      },
      { type: 'text', text: '.' },
    ]);
  });

  it('does not take an e-mail address for a mention, nor a URL fragment for a hashtag', () => {
    expect(parseContent('write to me@example.com').map((s) => s.type)).toEqual(['text']);
    const segments = parseContent('https://example.com/#top');
    expect(segments).toHaveLength(1);
    expect(segments[0]?.type).toBe('link');
  });
  it('never links anything but http and https', () => {
    expect(parseContent('javascript:alert(1)').map((s) => s.type)).toEqual(['text']);
  });
  it('turns YouTube and Vimeo links into privacy-enhanced embeds', () => {
    const [segment] = parseContent('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(segment).toMatchObject({
      type: 'video',
      embed: {
        provider: 'youtube',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    });
    expect(videoEmbedFor('https://youtu.be/dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(videoEmbedFor('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(videoEmbedFor('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined();
  });
  it('encodes the hash of a hashtag search', () => {
    expect(hashtagHref('café')).toBe('/search?q=%23caf%C3%A9');
  });
});
