import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's server.close() closes keep-alive connections that are between requests, but not one that
 * never sent a request (a browser's preconnect, a client that dropped an event stream and kept
 * its socket), nor one whose request finishes during the drain. Either would hold a SIGTERM
 * shutdown until the 10 s deadline and make it exit 1. Call `closeIdle()` when the shutdown
 * starts: idle connections close at once, busy ones as soon as their response is sent.
 */
export function trackIdleConnections(server: Server) {
  const requestsOn = new Map<Socket, number>();
  let stopping = false;

  server.on('connection', (socket: Socket) => {
    requestsOn.set(socket, 0);
    socket.once('close', () => requestsOn.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    if (!requestsOn.has(socket)) return;
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (!requestsOn.has(socket)) return;
      const left = (requestsOn.get(socket) ?? 1) - 1;
      requestsOn.set(socket, left);
      // end(), not destroy(): whatever of the response is still buffered goes out first.
      if (stopping && left === 0) socket.end();
    });
  });

  return {
    closeIdle() {
      stopping = true;
      for (const [socket, requests] of requestsOn) if (requests === 0) socket.destroy();
    },
  };
}
