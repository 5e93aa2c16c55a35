import fp from 'fastify-plugin';
import { apiError } from '../http/api-error.js';

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
        throw apiError('nulCharacter');
      }
    });
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.body)) throw apiError('nulCharacter');
    });
  },
  { name: 'nul-character' },
);
