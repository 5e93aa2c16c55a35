import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryTokenStore, createWhispClient } from '../../src/index.js';

export const API = 'http://api.whisp.test';

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  json: unknown;
  form: Record<string, { name: string; type: string }[]> | null;
}

/**
 * An MSW server that answers every request with one canned body and records what the client
 * sent, so a test can check method, path, query, headers and body of each typed call.
 */
export function setupRecordingServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return function answer(body: JsonBodyType, status = 200) {
    const seen: Recorded[] = [];
    server.use(
      http.all(`${API}/*`, async ({ request }) => {
        const url = new URL(request.url);
        const contentType = request.headers.get('content-type');
        let json: unknown;
        let form: Recorded['form'] = null;
        if (contentType?.includes('application/json')) json = await request.json();
        if (contentType?.includes('multipart/form-data')) {
          form = {};
          for (const [field, value] of (await request.formData()).entries()) {
            if (typeof value === 'string') continue;
            form[field] = [...(form[field] ?? []), { name: value.name, type: value.type }];
          }
        }
        seen.push({
          method: request.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          authorization: request.headers.get('authorization'),
          idempotencyKey: request.headers.get('idempotency-key'),
          contentType,
          json,
          form,
        });
        return HttpResponse.json(body, { status });
      }),
    );
    return seen;
  };
}

export function clientWith(token: string | null = 'secret-token') {
  return createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });
}
