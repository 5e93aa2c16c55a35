import { jsonNestsDeeperThan } from '@whisp/api-client/contract';
import fp from 'fastify-plugin';
import { apiError } from '../http/api-error.js';

/**
 * Far deeper than any body this API takes (support's system_info is the deepest, at a few).
 * Counted on the text, before parsing: walking a parsed value 100 000 levels deep (the NUL check,
 * JSON.stringify, PostgreSQL's jsonb) overflows the stack, which answered 500.
 */
const MAX_JSON_NESTING = 32;

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
      if (jsonNestsDeeperThan(text, MAX_JSON_NESTING)) {
        done(apiError('jsonTooDeep'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
