import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface CorsOptions {
  /** Exact origins (`https://whisp.example`), as WHISP_CORS_ORIGINS lists them. */
  origins: string[];
}

/**
 * What the Mastodon client API opens to every origin (as Mastodon's config/initializers/cors.rb
 * does): web clients such as Elk and Phanpy are static sites on their own origins that call any
 * server from the browser, for the API, the OAuth token and revocation, and discovery. Each is a
 * path or the start of one.
 */
const OPEN_TO_EVERY_ORIGIN = [
  '/api/v1/',
  '/api/v2/',
  '/oauth/token',
  '/oauth/revoke',
  '/.well-known/',
  '/nodeinfo/',
];

const isOpenToEveryOrigin = (url: string) =>
  OPEN_TO_EVERY_ORIGIN.some((path) => url.startsWith(path));

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const allowedHeaders = ['Authorization', 'Content-Type', 'Idempotency-Key'];
// Browsers cap this (Chromium at 2 hours); ten minutes keeps a changed list from lingering.
const maxAge = 600;

/**
 * Lets pages on the configured origins call Whisp's own API from the browser, and pages on any
 * origin call the Mastodon client API. Tokens travel in the Authorization header, never in
 * cookies, so no credentials mode is needed, and a page on another origin can act with no token
 * but the one its member gave it.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app, { origins }) => {
    const allowed = new Set(origins);
    const ownApi: FastifyCorsOptions = {
      // A foreign origin gets no CORS headers at all (and its preflight a 404), rather than a
      // refusal it could read. With no origins configured, no page of another origin is let in.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods,
      allowedHeaders,
      // A page on another origin may read how long to wait after a 429, and the id to quote to
      // support.
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge,
    };
    const mastodonApi: FastifyCorsOptions = {
      origin: '*',
      methods,
      allowedHeaders,
      // masto.js pages by reading Link; the rest as Mastodon exposes them.
      exposedHeaders: [
        'Link',
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'X-Request-Id',
      ],
      maxAge,
    };
    await app.register(cors, {
      delegator: (request: FastifyRequest, callback) =>
        callback(null, isOpenToEveryOrigin(request.url) ? mastodonApi : ownApi),
    });
  },
  { name: 'cors' },
);
