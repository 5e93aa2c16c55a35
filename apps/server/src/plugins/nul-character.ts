import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character';

/** True when a parsed JSON value holds a string with U+0000 anywhere inside it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  }
  return false;
}

/**
 * PostgreSQL text cannot store U+0000, so a NUL anywhere in the address or a JSON body would fail
 * deep in a query as a 500. No person types one: it is refused up front as a 400.
 */
export const nulCharacterPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (/%00/i.test(request.url) || request.url.includes('\u0000')) {
        throw new ApiError(400, 'NUL_CHARACTER', NUL_CHARACTER_MESSAGE);
      }
    });
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.body)) throw new ApiError(400, 'NUL_CHARACTER', NUL_CHARACTER_MESSAGE);
    });
  },
  { name: 'nul-character' },
);
