import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { namedErrorBody } from '../http/api-error.js';

// Vite puts a content hash in every file name under assets/, so a new build never reuses a URL.
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
// Everything else (index.html above all) must be revalidated, or a deploy would keep serving
// pages that point to assets that no longer exist.
const REVALIDATE = 'no-cache';

// Paths the web app's router never owns: a miss there is a real 404 (a browser asking for a
// missing script must not get a page of HTML).
const OUTSIDE_THE_WEB_APP = ['/api', '/media', '/health', '/assets', '/.well-known', '/nodeinfo'];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers with the web app (its index.html), for a route that serves one of its pages with
     * headers of its own (the OAuth consent page); undefined, sending nothing, when the app is
     * not built (the route answers in its own way).
     */
    sendWebApp(reply: FastifyReply): FastifyReply | undefined;
  }
}

export interface WebAppOptions {
  staticDir: string;
}

/**
 * Serves the built web app, falls back to its index.html for the app's own routes (/auth,
 * /profile…), and answers every other unknown path with a JSON 404.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, { staticDir }) => {
    const servesWebApp = existsSync(staticDir);
    const hasIndex = servesWebApp && existsSync(path.join(staticDir, 'index.html'));
    if (servesWebApp) {
      const assetsDir = path.join(staticDir, 'assets') + path.sep;
      await app.register(fastifyStatic, {
        root: staticDir,
        prefix: '/',
        // The web app's build writes .br and .gz copies beside its text files: a browser that
        // accepts them gets the smaller file (with Vary: Accept-Encoding), any other the original.
        // The fallback to index.html for app routes goes through the same negotiation.
        preCompressed: true,
        // One route per file of the build, listed at start-up: an app route such as /auth goes
        // straight to the index.html fallback below instead of first missing /auth.br, /auth.gz
        // and /auth on disk (three lookups, and a pile of listeners on the response that made
        // Node warn of a leak on every deep link).
        wildcard: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            filePath.startsWith(assetsDir) ? HASHED_ASSET_CACHE : REVALIDATE,
          );
        },
      });
    }

    app.decorate('sendWebApp', (reply: FastifyReply) =>
      hasIndex ? reply.sendFile('index.html') : undefined,
    );

    app.setNotFoundHandler((request, reply) => {
      if (hasIndex && isWebAppRoute(request)) return reply.sendFile('index.html');
      return sendNotFound(reply);
    });
  },
  { name: 'web-app' },
);

/**
 * The CSP sources that allow the inline scripts of the built web app's index.html (its boot
 * script, see apps/whisp/vite-plugins/boot.ts), read from the file the server will send, so a new
 * build is allowed without anyone copying a hash. None without a built app.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  // Only bare <script> elements hold inline code; those with attributes load files.
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

function isWebAppRoute(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !OUTSIDE_THE_WEB_APP.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send(namedErrorBody('notFound'));
}
