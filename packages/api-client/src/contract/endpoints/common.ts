import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../limits.js';
import { errorBodySchema } from '../shapes/error-body.js';

/** The error body under each status a route can answer with, for the OpenAPI document. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

/** Every route behind sign-in can answer these. */
export const AUTHENTICATED_ERRORS = [400, 401, 429] as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A page size: text that is not a whole number is a 400; numbers out of range are clamped
 * (clamping keeps a sloppy client working).
 */
export function limitParameter(defaultValue: number, max = LIST_LIMIT_MAX) {
  return z.coerce
    .number()
    .int()
    .optional()
    .transform((value) => (value === undefined ? defaultValue : clamp(value, 1, max)))
    .describe(`How many to return: default ${defaultValue}, at most ${max}`);
}

export const offsetParameter = z.coerce
  .number()
  .int()
  .optional()
  .transform((value) => Math.max(0, value ?? 0))
  .describe('How many to skip');

/** A page number from 1 (below 1 reads as 1), described as `description` says. */
export function pageNumberParameter(description: string) {
  return z.coerce
    .number()
    .int()
    .optional()
    .transform((value) => Math.max(1, value ?? 1))
    .describe(description);
}

export const successTrue = z.literal(true);

/** `{ success: true, data }`, the envelope of most answers. */
export const dataResponse = <Data extends z.ZodType>(data: Data) =>
  z.object({ success: successTrue, data });

/** `{ success: true, message }`: an action that has nothing to return but a sentence. */
export const confirmationResponse = z.object({ success: successTrue, message: z.string() });
