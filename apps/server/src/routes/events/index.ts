import { PassThrough } from 'node:stream';
import {
  liveEventsHeaders,
  liveEventsQuery,
  liveEventsResponses,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashSessionToken } from '../../auth/tokens.js';

// How long a browser waits before reconnecting after the stream drops (a deploy, a network blip).
const RECONNECT_AFTER_MS = 3_000;

// Far more than any burst of events; only a client that stopped reading gets there.
const MAX_BUFFERED_BYTES = 1_000_000;

/** Last-Event-ID as sent back by EventSource: our ids are event sequence numbers. */
function parseLastEventId(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    // '' rather than '/': the path is exactly the prefix, as api.md and the OpenAPI document name it.
    '',
    {
      // EventSource cannot set headers: this route alone takes the session token in the query.
      config: { tokenInQuery: true },
      schema: {
        summary:
          'Live events (Server-Sent Events): notification, message and unread, resumable with Last-Event-ID',
        querystring: liveEventsQuery,
        headers: liveEventsHeaders,
        response: liveEventsResponses,
      },
    },
    async (request, reply) => {
      const body = new PassThrough();
      const tokenHash = hashSessionToken(request.sessionToken);
      const stream = {
        memberId: request.member.id,
        write: (text: string) => {
          if (body.destroyed || body.writableEnded) return false;
          // A client this far behind is dropped; it reconnects and resumes with Last-Event-ID.
          if (body.writableLength > MAX_BUFFERED_BYTES) {
            body.destroy();
            return false;
          }
          return body.write(text);
        },
        end: () => {
          if (!body.writableEnded) body.end();
        },
        // Read from the database, not the sign-in cache: it is asked just as the cache is told.
        isSignedIn: async () =>
          (await app.repositories.users.findBySessionToken(tokenHash)) !== undefined,
      };
      // The first bytes send the headers at once, so the client knows the stream is open.
      body.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
      const detach = app.liveEvents.hub.open(
        stream,
        parseLastEventId(request.headers['last-event-id']),
      );
      // Fastify destroys the body when the client goes away, and it ends when the server stops.
      body.on('close', detach);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          // no-store as every signed-in answer; no-transform keeps proxies from compressing it.
          .header('cache-control', 'no-store, no-transform')
          // Proxies such as nginx would otherwise hold events back in their buffers.
          .header('x-accel-buffering', 'no')
          .send(body)
      );
    },
  );
};
