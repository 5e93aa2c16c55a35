import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses the API's JSON answers (routes under /api/) of 1 kB or more for clients that send Accept-Encoding. JSON only: the web
 * app's build already wrote .br and .gz copies of every file worth compressing, and
 * @fastify/static sends those (with their Content-Encoding, which @fastify/compress leaves alone),
 * so a file without a copy is sent as it is; media are images and videos; and a text/event-stream
 * must reach the client event by event, never sit in a compressor's buffer (/api/events writes to
 * the socket itself anyway). Ranges (206) are never compressed either: Content-Range counts the
 * unencoded bytes. Registered before the routes: it attaches to each as it is added.
 */
const API_PREFIX = '/api/';

export const compressPlugin = fp(
  async (app) => {
    // Answers only: request bodies stay as they are read today (a compressed upload would be a
    // way around the body size limits' intent, and no client of ours sends one).
    app.addHook('onRoute', (route) => {
      route.decompress ??= false;
      // The API's JSON only (see above): the web app's files and /media are sent as they are.
      if (!route.url.startsWith(API_PREFIX)) route.compress ??= false;
    });
    await app.register(compress, {
      // gzip first, brotli for clients that take nothing else. On the 20-whisp feeds (13 kB of
      // JSON, 2.4 kB either way) `pnpm bench` over loopback, where bandwidth costs nothing, lost
      // about a fifth of its requests per second with gzip and a third with brotli at
      // @fastify/compress's quality 4. Across a phone's network the 80 % fewer bytes are worth it.
      encodings: ['gzip', 'br', 'deflate'],
      threshold: 1024,
    });
  },
  { name: 'compress' },
);
