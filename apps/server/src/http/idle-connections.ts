import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long, at most, the drain keeps taking connections that clients opened before the signal.
 * Under steady traffic it never goes quiet; on a starved machine (load 30 on 2 cores) a turn of
 * the event loop took a good part of a second, and 1 s was not always enough.
 */
const SETTLE_MAX_MS = 3_000;
/** One event-loop turn with nothing new, twice, and the queues are taken to be empty. */
const SETTLE_TURN_MS = 10;
const QUIET_TURNS = 2;

/**
 * Tracks the server's connections for a shutdown that answers every request a client sent before
 * it, in three steps (see stopGracefullyOnSignals in server.ts):
 *
 * 1. `startDraining()`: every response from now on, and every one not yet begun, says
 *    `Connection: close`, so no client sends another request on a socket about to close.
 * 2. `settle()`: wait, still listening, until the event loop has taken everything clients had
 *    already sent. Closing the listener at once resets the connections still in its accept queue,
 *    and closing "idle" sockets at once resets those whose request sits unread in their buffer:
 *    both are requests sent before the signal, and both wait longest while the embedded database
 *    holds the event loop.
 * 3. `closeIdle()`, once the listener is closed: sockets without a request in progress close at
 *    once (Node's own close misses one that never sent a request, such as a browser's
 *    preconnect), busy ones as soon as their response is sent.
 */
export function trackIdleConnections(server: Server) {
  const responsesOn = new Map<Socket, Set<ServerResponse>>();
  let draining = false;
  // Connections accepted and requests read so far: settle() waits until it stops moving.
  let arrivals = 0;

  server.on('connection', (socket: Socket) => {
    arrivals += 1;
    responsesOn.set(socket, new Set());
    socket.once('close', () => responsesOn.delete(socket));
  });
  // Before the app's own listener, so a response is marked before any handler could answer.
  server.prependListener('request', (request, response) => {
    arrivals += 1;
    const socket = request.socket;
    const responses = responsesOn.get(socket);
    if (draining) response.shouldKeepAlive = false;
    if (!responses) return;
    responses.add(response);
    response.once('close', () => {
      responses.delete(response);
      // end(), not destroy(): whatever of the response is still buffered goes out first.
      if (draining && responses.size === 0) socket.end();
    });
  });

  return {
    startDraining() {
      draining = true;
      for (const responses of responsesOn.values()) {
        for (const response of responses) {
          if (!response.headersSent) response.shouldKeepAlive = false;
        }
      }
    },

    async settle() {
      const until = Date.now() + SETTLE_MAX_MS;
      let quietTurns = 0;
      while (quietTurns < QUIET_TURNS && Date.now() < until) {
        const before = arrivals;
        await sleep(SETTLE_TURN_MS);
        quietTurns = arrivals === before ? quietTurns + 1 : 0;
      }
    },

    closeIdle() {
      for (const [socket, responses] of responsesOn) if (responses.size === 0) socket.destroy();
    },
  };
}
