import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { toErrorResponse } from '../../http/error-response.js';

// What every route of the Mastodon client API shares: the bodies apps send and the errors they
// read. Registered inside the Mastodon routes' own plugin, so Whisp's own API keeps taking JSON
// only (a form can be posted from any site without a preflight) and answering in its own shape.

/** Mastodon's 404 (`Record not found`), for every route of the layer. */
export const recordNotFound = () =>
  new ApiError(404, 'NOT_FOUND', MASTODON_MESSAGES.recordNotFound);

/** Keys longer than this, or more of them, are not a Mastodon app's: refused as a bad request. */
const FORM_MAX_KEYS = 200;
const FORM_KEY_MAX_LENGTH = 100;

/** RFC 6749 5.2's error codes (and RFC 7009's), thrown as ApiError codes by the OAuth routes. */
const OAUTH_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'unsupported_token_type',
]);

type FormValue = string | string[] | { [key: string]: FormValue };

/**
 * An `application/x-www-form-urlencoded` body as Rails reads it, which is how Mastodon apps write
 * them (docs/mastodon-clients.md, 2.3): `key[]=a&key[]=b` and a repeated `key` are arrays,
 * `key[sub]=v` is an object (`poll[options][]=…` an array inside one). Only those forms: a key
 * that does not parse is kept whole.
 */
export function parseMastodonForm(text: string): Record<string, FormValue> {
  const form: Record<string, FormValue> = Object.create(null);
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    count += 1;
    if (count > FORM_MAX_KEYS || key.length > FORM_KEY_MAX_LENGTH) {
      throw Object.assign(new Error(MASTODON_MESSAGES.formTooLarge), { statusCode: 400 });
    }
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match?.[1]
      ? [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')]
      : [key];
    put(form, path, value);
  }
  return form;
}

function put(target: Record<string, FormValue>, path: string[], value: string) {
  const [head, ...rest] = path as [string, ...string[]];
  // Never let a form reach an object's prototype.
  if (head === '__proto__' || head === 'constructor' || head === 'prototype') return;
  if (rest.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') target[head] = [existing, value];
    return;
  }
  if (rest.length === 1 && rest[0] === '') {
    const existing = target[head];
    if (existing === undefined) target[head] = [value];
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') target[head] = [existing, value];
    return;
  }
  let inner = target[head];
  if (inner === undefined || typeof inner === 'string' || Array.isArray(inner)) {
    inner = Object.create(null) as Record<string, FormValue>;
    target[head] = inner;
  }
  put(inner, rest, value);
}

/** Forms as apps send them, and `{ error }` bodies for every failure, in this plugin's routes. */
export function speakMastodon(app: FastifyInstance, errors: 'api' | 'oauth' = 'api') {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, parseMastodonForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  // As Whisp's own API (Hardening 1.2): an answer to a request with a token is that token's
  // holder's alone, never kept by a browser or a shared cache.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization) reply.header('cache-control', 'no-store');
  });
  // Older apps put a POST's fields in the query string (Mastodon, on Rails, reads both alike):
  // merged under the body before it is validated, the body winning.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || Object.keys(query).length === 0) return;
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
      return;
    request.body = { ...query, ...(body as Record<string, unknown> | null) };
  });
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'Request failed');
    else request.log.info({ code: body.code, statusCode }, body.message);
    return reply.status(statusCode).send(mastodonErrorBody(errors, statusCode, body));
  });
}

/**
 * An error in the dialect of the Mastodon layer: Mastodon apps show `error` as it is; OAuth
 * clients read RFC 6749's pair, whose `error` is the code an OAuth route threw, else what the
 * status means.
 */
export function mastodonErrorBody(
  dialect: 'api' | 'oauth',
  statusCode: number,
  body: { code: string; message: string },
) {
  if (dialect === 'api') return { error: body.message };
  const oauthError = OAUTH_ERRORS.has(body.code)
    ? body.code
    : statusCode === 401
      ? 'invalid_client'
      : 'invalid_request';
  return { error: oauthError, error_description: body.message };
}

/**
 * The dialect of a path the Mastodon layer answers, by its prefix (for failures met before any
 * route, such as an over-long path parameter); undefined for Whisp's own paths.
 */
export function mastodonDialectOf(url: string): 'api' | 'oauth' | undefined {
  if (url.startsWith('/oauth/')) return 'oauth';
  return /^\/(api\/v[12]|\.well-known|nodeinfo)\//.test(url) ? 'api' : undefined;
}
