const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Dates are written out here rather than with Intl.DateTimeFormat: the product's text is English
// only, and the first formatter a page builds loads the locale's calendar data, ~10 ms here and
// over 40 ms on a slow phone, inside the render of the first card (for its title).
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const monthName = (date: Date) => MONTHS[date.getMonth()] ?? '';
/** `Mar 4`. */
const sameYearDate = (date: Date) => `${monthName(date).slice(0, 3)} ${date.getDate()}`;
/** `Mar 4, 2025`. */
const otherYearDate = (date: Date) => `${sameYearDate(date)}, ${date.getFullYear()}`;
/** `3:05 PM`. */
const clockTime = (date: Date) => {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
};
/** `March 4, 2025 at 3:05 PM`. */
const fullDateTime = (date: Date) =>
  `${monthName(date)} ${date.getDate()}, ${date.getFullYear()} at ${clockTime(date)}`;
/** `March 2024`. */
const monthYear = (date: Date) => `${monthName(date)} ${date.getFullYear()}`;
/** `Monday, March 4`. */
const dayLabel = (date: Date) =>
  `${WEEKDAYS[date.getDay()] ?? ''}, ${monthName(date)} ${date.getDate()}`;

/**
 * The spec's time format: `now`, `Nm`, `Nh`, `Nd` under 7 days, else a date (`Mar 4`, with the
 * year when it is not this year). A time slightly in the future (clock skew) reads `now`.
 */
export function formatRelativeTime(timestamp: string | Date, now: Date = new Date()): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  return date.getFullYear() === now.getFullYear() ? sameYearDate(date) : otherYearDate(date);
}

/** The full date and time, for a `title` and for screen readers where `3h` is too terse. */
export function formatFullDateTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : fullDateTime(date);
}

/** `Joined March 2024` on profiles. */
export function formatJoinedDate(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : `Joined ${monthYear(date)}`;
}

/** Day separators in a chat: `Today`, `Yesterday`, else `Monday, March 4`. */
export function formatDaySeparator(timestamp: string | Date, now: Date = new Date()): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dayLabel(date);
}

/** Local midnight, so a message at 23:59 and one at 00:01 land on different days. */
export function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

export function formatClockTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : clockTime(date);
}
