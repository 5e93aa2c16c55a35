import fp from 'fastify-plugin';
import { apiError } from '../http/api-error.js';

/** Far deeper than any body this API takes (support's system_info is the deepest, at a few). */
export const MAX_JSON_NESTING = 32;

/**
 * True when arrays and objects in the JSON text nest deeper than the limit. Counted on the text,
 * before parsing: walking a parsed value 100 000 levels deep (the NUL check, JSON.stringify,
 * PostgreSQL's jsonb) overflows the stack, which answered 500.
 */
export function nestsTooDeep(text: string, limit = MAX_JSON_NESTING) {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (character === ']' || character === '}') {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Accepts an empty body sent as application/json as no body at all: fetch wrappers send that
 * header on every POST, and an action such as a like has nothing to say.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.length === 0) {
        done(null, undefined);
        return;
      }
      if (nestsTooDeep(text)) {
        done(apiError('jsonTooDeep'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
