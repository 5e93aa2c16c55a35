import { formatCount } from './count.js';
import {
  formatClockTime,
  formatDaySeparator,
  formatFullDateTime,
  formatJoinedDate,
  formatRelativeTime,
} from './relativeTime.js';

export interface WhispFormatOptions {
  /** A BCP 47 tag such as `de-DE`; English (`en`, `en-US`) when left out. */
  locale?: string;
  /** `false` for a 24-hour clock, `true` for 12-hour; the locale's own habit when left out. */
  hour12?: boolean;
  /** An IANA zone such as `Europe/Berlin`; the browser's zone when left out. */
  timeZone?: string;
}

/** How the components write dates, times and counts. */
export interface WhispFormatter {
  /** `now`, `5m`, `3h`, `2d`, then a short date (`Mar 4`, with the year when not this one). */
  relativeTime: (timestamp: string | Date, now?: Date) => string;
  /** The full date and time, for a `title` and for screen readers. */
  fullDateTime: (timestamp: string | Date) => string;
  /** `Joined March 2024`. */
  joinedDate: (timestamp: string | Date) => string;
  /** Chat day separators: today, yesterday, else the weekday and date. */
  daySeparator: (timestamp: string | Date, now?: Date) => string;
  /** `3:05 PM` (or `15:05`). */
  clockTime: (timestamp: string | Date) => string;
  /** `999`, `1.2K`, `3.4M`, never rounded up. */
  count: (count: number) => string;
}

/**
 * English as the product writes it, without Intl: see relativeTime.ts for why the first
 * Intl.DateTimeFormat a page builds is kept off the default path.
 */
export const englishFormatter: WhispFormatter = {
  relativeTime: formatRelativeTime,
  fullDateTime: formatFullDateTime,
  joinedDate: formatJoinedDate,
  daySeparator: formatDaySeparator,
  clockTime: formatClockTime,
  count: formatCount,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toDate = (timestamp: string | Date) =>
  typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
const isValid = (date: Date) => !Number.isNaN(date.getTime());

/** Builds each Intl formatter on its first use only, then keeps it. */
function lazy<Value>(build: () => Value): () => Value {
  let value: Value | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

function intlFormatter({ locale = 'en-US', hour12, timeZone }: WhispFormatOptions): WhispFormatter {
  const zone = { timeZone, hour12 };
  const fullDateTime = lazy(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', ...zone }),
  );
  const clock = lazy(
    () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...zone }),
  );
  const shortDate = lazy(
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone }),
  );
  const shortDateWithYear = lazy(
    () =>
      new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone,
      }),
  );
  const monthYear = lazy(
    () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone }),
  );
  const weekdayDate = lazy(
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone,
      }),
  );
  // The calendar day in the chosen zone, as a day number, to tell today from yesterday.
  const calendarParts = lazy(
    () =>
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        timeZone,
      }),
  );
  const dayNumber = (date: Date) => {
    const parts = Object.fromEntries(
      calendarParts()
        .formatToParts(date)
        .map((part) => [part.type, Number(part.value)]),
    );
    return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY;
  };
  const yearOf = (date: Date) => {
    const parts = calendarParts().formatToParts(date);
    return parts.find((part) => part.type === 'year')?.value;
  };
  const relative = lazy(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const units = {
    minute: lazy(
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'narrow' }),
    ),
    hour: lazy(
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' }),
    ),
    day: lazy(
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'narrow' }),
    ),
  };
  const plainNumber = lazy(() => new Intl.NumberFormat(locale));
  const compactNumber = lazy(
    () =>
      new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: 1,
        // As in English: a count is never shown higher than it is.
        roundingMode: 'trunc',
      }),
  );

  return {
    relativeTime(timestamp, now = new Date()) {
      const date = toDate(timestamp);
      if (!isValid(date)) return '';
      const elapsed = now.getTime() - date.getTime();
      if (elapsed < MINUTE) return relative().format(0, 'second');
      if (elapsed < HOUR) return units.minute().format(Math.floor(elapsed / MINUTE));
      if (elapsed < DAY) return units.hour().format(Math.floor(elapsed / HOUR));
      if (elapsed < 7 * DAY) return units.day().format(Math.floor(elapsed / DAY));
      return yearOf(date) === yearOf(now)
        ? shortDate().format(date)
        : shortDateWithYear().format(date);
    },
    fullDateTime(timestamp) {
      const date = toDate(timestamp);
      return isValid(date) ? fullDateTime().format(date) : '';
    },
    joinedDate(timestamp) {
      const date = toDate(timestamp);
      return isValid(date) ? `Joined ${monthYear().format(date)}` : '';
    },
    daySeparator(timestamp, now = new Date()) {
      const date = toDate(timestamp);
      if (!isValid(date)) return '';
      const days = dayNumber(now) - dayNumber(date);
      if (days === 0 || days === 1) return capitalize(relative().format(-days, 'day'), locale);
      return weekdayDate().format(date);
    },
    clockTime(timestamp) {
      const date = toDate(timestamp);
      return isValid(date) ? clock().format(date) : '';
    },
    count(count) {
      if (!Number.isFinite(count) || count < 0) return plainNumber().format(0);
      const whole = Math.floor(count);
      return whole < 1_000 ? plainNumber().format(whole) : compactNumber().format(whole);
    },
  };
}

const isEnglishDefault = ({ locale, hour12, timeZone }: WhispFormatOptions) =>
  (locale === undefined || locale === 'en' || locale === 'en-US') &&
  hour12 !== false &&
  timeZone === undefined;

/**
 * The formatter for a locale, clock and zone. English with the 12-hour clock in the browser's
 * zone is the hand-written `englishFormatter`; anything else goes through Intl, whose formatters
 * are built on first use.
 */
export function createWhispFormatter(options: WhispFormatOptions = {}): WhispFormatter {
  return isEnglishDefault(options) ? englishFormatter : intlFormatter(options);
}
