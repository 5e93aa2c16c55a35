// Remote servers for bench/federation.mjs: `count` HTTP servers on loopback, each on a port of its
// own (so each is a host of its own, as 50 real servers would be: Fedify's circuit breaker and
// HTTP signature spec cache are kept per host), answering every POST with 202 and keeping when it
// arrived. They verify nothing: what is measured is Whisp's sending, not a receiver's checks. Any
// other request is counted too, as delivery should fetch nothing from the recipients.
// `answerAfterMs` holds each answer back, as a server across the internet answers in tens or
// hundreds of milliseconds where loopback answers at once.
import { createServer } from 'node:http';

/** The whisp an activity is about, read from its id (…/users/{username}/whisps/{id}/activity). */
const WHISP_IN_ACTIVITY = /\/whisps\/([0-9a-f-]{36})/i;

/**
 * @param {number} count
 * @param {{ answerAfterMs?: number }} [options]
 * @returns {Promise<{
 *   servers: { host: string, origin: string }[],
 *   arrivals: { server: number, path: string, at: number, whispId: string | null, signed: boolean }[],
 *   otherRequests: { server: number, method: string, path: string }[],
 *   onArrival: (listener: (arrival: object) => void) => void,
 *   close: () => Promise<void>,
 * }>}
 */
export async function startInboxSink(count, { answerAfterMs = 0 } = {}) {
  const arrivals = [];
  const otherRequests = [];
  const listeners = new Set();
  const listening = [];
  for (let server = 0; server < count; server++) {
    const http = createServer((request, response) => {
      if (request.method !== 'POST') {
        otherRequests.push({ server, method: request.method, path: request.url });
        response.writeHead(404).end();
        return;
      }
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        // Arrival is when the whole activity is here, as a receiver could first act on it.
        const at = performance.now();
        const body = Buffer.concat(chunks).toString('utf8');
        let whispId = null;
        try {
          const activity = JSON.parse(body);
          whispId = WHISP_IN_ACTIVITY.exec(String(activity.id ?? ''))?.[1] ?? null;
        } catch {
          // Not JSON: kept as an arrival of no whisp, so it shows in the counts.
        }
        const arrival = {
          server,
          path: request.url,
          at,
          whispId,
          // RFC 9421 or the draft-cavage HTTP signature, whichever Fedify knocked with.
          signed: Boolean(request.headers['signature-input'] ?? request.headers.signature),
        };
        arrivals.push(arrival);
        for (const listener of listeners) listener(arrival);
        if (answerAfterMs > 0) setTimeout(() => response.writeHead(202).end(), answerAfterMs);
        else response.writeHead(202).end();
      });
    });
    // Many deliveries on few sockets, as Fedify keeps connections alive.
    http.keepAliveTimeout = 30_000;
    await new Promise((done) => http.listen(0, '127.0.0.1', done));
    listening.push(http);
  }
  return {
    servers: listening.map((http) => {
      const { port } = http.address();
      return { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
    }),
    arrivals,
    otherRequests,
    onArrival: (listener) => listeners.add(listener),
    close: () =>
      Promise.all(
        listening.map(
          (http) =>
            new Promise((done) => {
              http.closeAllConnections();
              http.close(done);
            }),
        ),
      ).then(() => undefined),
  };
}
