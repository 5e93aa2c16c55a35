/**
 * Requests the first screen needs, started by the inline boot script while the browser is still
 * downloading the app's code, and handed to the app's client when it asks for them. On a phone on
 * a slow network each answer the app would otherwise ask for only after its code has arrived and
 * run is a round trip spent waiting with nothing on screen.
 */

/** Where the boot script leaves its requests for the app (a property of `window`). */
export const EARLY_REQUESTS_GLOBAL = '__whispEarlyRequests';

/**
 * An early answer is only as fresh as the moment it was asked for: one the app has not taken by
 * then (the member stayed on a slow screen, the request was never made) is dropped and asked again.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

export interface EarlyRequest {
  url: string;
  /** The Authorization header it was sent with: an answer for one token never serves another. */
  authorization: string | null;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    [EARLY_REQUESTS_GLOBAL]?: EarlyRequest[];
  }
}

type Fetch = typeof globalThis.fetch;

/**
 * A fetch that records each request it is asked for and starts it with `fetch`, then fails the
 * caller: the boot script runs the app's own client calls through it, so the early requests have
 * exactly the URLs and headers the app will ask for, and nobody waits for their answers here.
 */
export function earlyRequestRecorder(
  fetch: Fetch,
  requests: EarlyRequest[],
  now: () => number,
): Fetch {
  return async (input, init) => {
    const response = fetch(input, init);
    // Unobserved until the app takes it; its failure is the app's to report then.
    response.catch(() => {});
    requests.push({
      url: requestUrl(input),
      authorization: headerOf(init, 'Authorization'),
      startedAt: now(),
      response,
    });
    throw new DOMException('Started early: the app reads the answer.', 'AbortError');
  };
}

/**
 * The app's fetch: a GET the boot script already started, with the same URL and token, gets that
 * answer (once); every other request goes to `fetch`.
 */
export function adoptEarlyResponses(
  fetch: Fetch,
  requests: EarlyRequest[] | undefined,
  now: () => number,
): Fetch {
  const waiting = [...(requests ?? [])];
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = requestUrl(input);
    const authorization = headerOf(init, 'Authorization');
    const index =
      method === 'GET' && !init?.signal?.aborted
        ? waiting.findIndex((early) => early.url === url && early.authorization === authorization)
        : -1;
    if (index === -1) return fetch(input, init);
    const [early] = waiting.splice(index, 1);
    if (!early || now() - early.startedAt > EARLY_ANSWER_MAX_AGE_MS) return fetch(input, init);
    return abortable(early.response, init?.signal ?? undefined);
  };
}

/** The caller's signal still cancels its wait, as it would cancel its own fetch. */
function abortable(response: Promise<Response>, signal: AbortSignal | undefined) {
  if (!signal) return response;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function requestUrl(input: Parameters<Fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = init?.headers;
  if (!headers) return null;
  return new Headers(headers).get(name);
}
