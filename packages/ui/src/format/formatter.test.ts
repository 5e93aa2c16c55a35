import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWhispFormatter, englishFormatter } from './formatter.js';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

const PlatformDateTimeFormat = Intl.DateTimeFormat;

/** Counts the Intl.DateTimeFormat instances built from here on. */
function countDateFormatters() {
  const built = vi.fn();
  Intl.DateTimeFormat = function countedDateTimeFormat(
    ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
  ) {
    built();
    return new PlatformDateTimeFormat(...args);
  } as typeof Intl.DateTimeFormat;
  return built;
}

afterEach(() => {
  Intl.DateTimeFormat = PlatformDateTimeFormat;
});

describe('createWhispFormatter', () => {
  it('keeps English on the hand-written path, building no Intl date formatter', () => {
    const dateFormatter = countDateFormatters();
    for (const options of [{}, { locale: 'en' }, { locale: 'en-US', hour12: true }]) {
      const format = createWhispFormatter(options);
      expect(format).toBe(englishFormatter);
      expect(format.relativeTime(ago(5 * 60_000), now)).toBe('5m');
      expect(format.relativeTime('2025-03-04T12:00:00Z', now)).toBe('Mar 4, 2025');
      expect(format.count(1_999)).toBe('1.9K');
      format.fullDateTime(now);
      format.clockTime(now);
    }
    expect(dateFormatter).not.toHaveBeenCalled();
  });

  it('builds a locale’s Intl formatters only when a date is first written', () => {
    const dateFormatter = countDateFormatters();
    const format = createWhispFormatter({ locale: 'de-DE' });
    expect(dateFormatter).not.toHaveBeenCalled();
    format.fullDateTime(now);
    format.fullDateTime(now);
    expect(dateFormatter).toHaveBeenCalledTimes(1);
  });

  it('writes German dates, times and counts', () => {
    const format = createWhispFormatter({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(format.relativeTime(ago(30_000), now)).toBe('jetzt');
    expect(format.relativeTime(ago(5 * 60_000), now)).toBe('5 Min.');
    expect(format.relativeTime('2026-03-04T12:00:00Z', now)).toBe('4. März');
    expect(format.relativeTime('2025-03-04T12:00:00Z', now)).toBe('4. März 2025');
    expect(format.fullDateTime(now)).toBe('15. Juni 2026 um 14:00');
    expect(format.clockTime(now)).toBe('14:00');
    expect(format.joinedDate(now)).toBe('Joined Juni 2026');
    expect(format.daySeparator(now, now)).toBe('Heute');
    expect(format.daySeparator(ago(86_400_000), now)).toBe('Gestern');
    expect(format.daySeparator(ago(3 * 86_400_000), now)).toBe('Freitag, 12. Juni');
    expect(format.count(45_600)).toBe('45.600');
    // Truncated like the English counts: never shown higher than it is.
    expect(format.count(1_999_999)).toBe('1,9\u00a0Mio.');
  });

  it('gives English a 24-hour clock when asked', () => {
    const format = createWhispFormatter({ hour12: false, timeZone: 'UTC' });
    expect(format).not.toBe(englishFormatter);
    expect(format.clockTime('2026-06-15T15:05:00Z')).toBe('15:05');
    expect(format.fullDateTime('2026-06-15T15:05:00Z')).toBe('June 15, 2026 at 15:05');
  });

  it('tells today from yesterday in the chosen time zone, not the machine’s', () => {
    // 23:00 and 00:30 in Berlin: the same UTC day, but two calendar days there.
    const format = createWhispFormatter({ timeZone: 'Europe/Berlin' });
    expect(format.daySeparator('2026-06-15T21:00:00Z', new Date('2026-06-15T22:30:00Z'))).toBe(
      'Yesterday',
    );
  });

  it('writes nothing for an invalid date', () => {
    const format = createWhispFormatter({ locale: 'fr-FR' });
    expect(format.relativeTime('not a date', now)).toBe('');
    expect(format.fullDateTime('not a date')).toBe('');
  });
});
