import {
  POLL_DURATION_CHOICES,
  POLL_DURATION_DEFAULT_SECONDS,
  POLL_OPTIONS_MIN,
} from '@whisp/api-client/contract/limits';

/** A poll as the composer holds it while it is written; `expiresIn` is in seconds. */
export interface PollDraft {
  options: string[];
  expiresIn: number;
  multiple: boolean;
}

/** A new poll: two empty options, one day, one choice. */
export function newPollDraft(): PollDraft {
  return {
    options: Array.from({ length: POLL_OPTIONS_MIN }, () => ''),
    expiresIn: POLL_DURATION_DEFAULT_SECONDS,
    multiple: false,
  };
}

const UNITS = [
  { seconds: 86_400, one: 'day', many: 'days' },
  { seconds: 3600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'minute', many: 'minutes' },
] as const;

/** "5 minutes", "1 hour", "7 days": a duration in the largest whole unit. */
export function pollDurationLabel(seconds: number): string {
  const unit = UNITS.find((candidate) => seconds % candidate.seconds === 0) ?? UNITS[2];
  const count = Math.round(seconds / unit.seconds);
  return `${count} ${count === 1 ? unit.one : unit.many}`;
}

/** The durations the composer offers, with their labels. */
export const pollDurationOptions = POLL_DURATION_CHOICES.map((seconds) => ({
  seconds,
  label: pollDurationLabel(seconds),
}));
