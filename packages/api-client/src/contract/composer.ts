/**
 * The rules of Composer (1.2): content warnings, polls, votes and scheduled times. The server and
 * the mocks refuse with these and the composer checks with them before sending, so a member reads
 * the same sentence from either side. Loads no zod.
 */
import type { ErrorName } from './errors.js';
import {
  CONTENT_WARNING_MAX_LENGTH,
  POLL_DURATION_MAX_SECONDS,
  POLL_DURATION_MIN_SECONDS,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  SCHEDULE_MAX_LEAD_MS,
  SCHEDULE_MIN_LEAD_MS,
} from './limits.js';
import { countCharacters } from './validation.js';

/** A warning as stored: trimmed, and null when absent, null or blank. */
export function normalizeContentWarning(warning: string | null | undefined): string | null {
  const trimmed = warning?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Why a content warning is refused, or undefined when it is fine (blank means none). */
export function contentWarningRefusal(warning: string | null | undefined): ErrorName | undefined {
  const value = normalizeContentWarning(warning);
  if (value === null) return undefined;
  // Far longer text is refused before it is counted, with the same words.
  if (value.length > CONTENT_WARNING_MAX_LENGTH * 40) return 'contentWarningTooLong';
  return countCharacters(value) > CONTENT_WARNING_MAX_LENGTH ? 'contentWarningTooLong' : undefined;
}

export interface PollRequest {
  options: string[];
  expires_in: number;
  multiple: boolean;
}

/** Options as stored: trimmed. Distinctness is judged on these, ignoring case. */
export function normalizePollOptions(options: readonly string[]): string[] {
  return options.map((option) => option.trim());
}

/** Why a poll is refused, or undefined when it is fine. Checks in the order a form shows them. */
export function pollRefusal(poll: PollRequest): ErrorName | undefined {
  const options = normalizePollOptions(poll.options);
  if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX) {
    return 'pollOptionCount';
  }
  const tooLong = (option: string) =>
    option.length > POLL_OPTION_MAX_LENGTH * 40 || countCharacters(option) > POLL_OPTION_MAX_LENGTH;
  if (options.some((option) => option === '' || tooLong(option))) return 'pollOptionLength';
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) {
    return 'pollOptionsRepeat';
  }
  const seconds = poll.expires_in;
  if (
    !Number.isInteger(seconds) ||
    seconds < POLL_DURATION_MIN_SECONDS ||
    seconds > POLL_DURATION_MAX_SECONDS
  ) {
    return 'pollDurationInvalid';
  }
  return undefined;
}

/**
 * Why a vote's choices are refused, or undefined when they are fine: indexes of existing options,
 * none twice, exactly one unless the poll takes several.
 */
export function voteChoicesRefusal(
  choices: readonly number[],
  optionCount: number,
  multiple: boolean,
): ErrorName | undefined {
  const valid =
    choices.length >= 1 &&
    (multiple || choices.length === 1) &&
    new Set(choices).size === choices.length &&
    choices.every((choice) => Number.isInteger(choice) && choice >= 0 && choice < optionCount);
  return valid ? undefined : 'pollChoicesInvalid';
}

/** Why a scheduled time is refused, or undefined when it lies 5 minutes to a year ahead of `now`. */
export function scheduleRefusal(
  scheduledAt: string,
  now: number = Date.now(),
): ErrorName | undefined {
  const at = Date.parse(scheduledAt);
  if (Number.isNaN(at)) return 'scheduleTimeInvalid';
  const lead = at - now;
  return lead < SCHEDULE_MIN_LEAD_MS || lead > SCHEDULE_MAX_LEAD_MS
    ? 'scheduleTimeInvalid'
    : undefined;
}
