const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const sameYearDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const otherYearDate = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const fullDateTime = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

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
  return date.getFullYear() === now.getFullYear()
    ? sameYearDate.format(date)
    : otherYearDate.format(date);
}

/** The full date and time, for a `title` and for screen readers where `3h` is too terse. */
export function formatFullDateTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : fullDateTime.format(date);
}

const monthYear = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

/** `Joined March 2024` on profiles. */
export function formatJoinedDate(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : `Joined ${monthYear.format(date)}`;
}

const dayLabel = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric' });

/** Day separators in a chat: `Today`, `Yesterday`, else `Monday, March 4`. */
export function formatDaySeparator(timestamp: string | Date, now: Date = new Date()): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dayLabel.format(date);
}

/** Local midnight, so a message at 23:59 and one at 00:01 land on different days. */
export function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

const clockTime = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

export function formatClockTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  return Number.isNaN(date.getTime()) ? '' : clockTime.format(date);
}
