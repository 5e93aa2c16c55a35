import { SCHEDULE_MIN_LEAD_MS } from '@whisp/api-client/contract/limits';

const pad = (value: number) => String(value).padStart(2, '0');

/** The `<input type="date">` and `<input type="time">` values of a moment, on this device's clock. */
export function toLocalParts(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The moment a date and a time name on this device's clock, as ISO; undefined if incomplete. */
export function fromLocalParts(date: string, time: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  // Without a zone, a date-time string is read as local time: the member's own clock.
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** A first proposal: an hour ahead, on a quarter hour, so it clears the 5-minute minimum. */
export function proposedScheduleTime(now: number): string {
  const quarter = 15 * 60 * 1000;
  const at = Math.ceil((now + 60 * 60 * 1000) / quarter) * quarter;
  return new Date(Math.max(at, now + SCHEDULE_MIN_LEAD_MS)).toISOString();
}

/** The member's IANA time zone ("Europe/Berlin"), as the browser reports it. */
export function memberTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
