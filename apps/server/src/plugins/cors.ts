import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export interface CorsOptions {
  /** Exact origins (`https://whisp.example`), as WHISP_CORS_ORIGINS lists them. */
  origins: string[];
}

/**
 * Lets pages on the configured origins call the API from the browser. With none, nothing is
 * added: browsers then keep every answer to the pages this server serves itself. Tokens travel
 * in the Authorization header, never in cookies, so no credentials mode is needed.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app, { origins }) => {
    if (origins.length === 0) return;
    const allowed = new Set(origins);
    await app.register(cors, {
      // A foreign origin gets no CORS headers at all (and its preflight a 404), rather than a
      // refusal it could read.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      // A page on another origin may read how long to wait after a 429, and the id to quote to
      // support.
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      // Browsers cap this (Chromium at 2 hours); ten minutes keeps a changed list from lingering.
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
