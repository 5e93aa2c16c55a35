import { LIST_LIMIT_MAX } from '@whisp/api-client/contract';
import { z } from 'zod';
import { errorBodySchema } from './api-error.js';

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
 * (api.md allows either, and clamping keeps a sloppy client working).
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

export const successTrue = z.literal(true);
