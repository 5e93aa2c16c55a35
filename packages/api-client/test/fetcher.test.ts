import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createMemoryTokenStore,
  createWhispClient,
  NETWORK_ERROR_MESSAGE,
  NO_TOKEN_MESSAGE,
} from '../src/index.js';

const API = 'http://api.whisp.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function clientWith(token: string | null = 'secret-token') {
  return createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request', () => {
  it('sends the stored token as a bearer token and JSON bodies as JSON', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${API}/api/echo`, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ success: true });
      }),
    );
    await clientWith().request('/api/echo', { method: 'POST', body: { content: 'hi' } });
    expect(seen).toEqual({
      auth: 'Bearer secret-token',
      type: 'application/json',
      body: { content: 'hi' },
    });
  });

  it('puts defined query values in the URL and leaves undefined ones out', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${API}/api/list`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ success: true });
      }),
    );
    await clientWith().request('/api/list', { query: { page: 2, limit: 20, before: undefined } });
    expect(url?.search).toBe('?page=2&limit=20');
  });

  it('refuses an authenticated call without a token, before any request', async () => {
    let called = false;
    server.use(
      http.get(`${API}/api/users/me`, () => {
        called = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const error = await failure(clientWith(null).request('/api/users/me'));
    expect(error.message).toBe(NO_TOKEN_MESSAGE);
    expect(error.isUnauthorized).toBe(true);
    expect(called).toBe(false);
  });

  it("shows the server's message and code when the server gives them", async () => {
    server.use(
      http.post(`${API}/api/auth/login`, () =>
        HttpResponse.json(
          { success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
          { status: 401 },
        ),
      ),
    );
    const error = await failure(
      clientWith(null).request('/api/auth/login', { method: 'POST', auth: 'none', body: {} }),
    );
    expect(error.message).toBe('Invalid email or password');
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });

  it('falls back to "HTTP {status}: {statusText}" when the server gives no message', async () => {
    server.use(
      http.get(
        `${API}/api/posts/public`,
        () =>
          new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await failure(clientWith().request('/api/posts/public'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.status).toBe(502);
  });

  it('reports a failed connection as a network error', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.error()));
    const error = await failure(clientWith().health.check());
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
  });

  it('treats a 200 answer that says success false as a failure', async () => {
    server.use(
      http.get(`${API}/api/odd`, () => HttpResponse.json({ success: false, message: 'Nope' })),
    );
    const error = await failure(clientWith().request('/api/odd'));
    expect(error.message).toBe('Nope');
  });
});

describe('health.check', () => {
  it('needs no token and returns the server status', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(`${API}/health`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, status: 'ok', version: '1.2.3' });
      }),
    );
    await expect(clientWith('secret').health.check()).resolves.toEqual({
      success: true,
      status: 'ok',
      version: '1.2.3',
    });
    expect(auth).toBeNull();
  });
});

describe('mediaUrl', () => {
  it('prefixes server-relative media paths with the API host and leaves absolute ones', () => {
    const client = clientWith();
    expect(client.mediaUrl('/media/a.webp')).toBe(`${API}/media/a.webp`);
    expect(client.mediaUrl('https://cdn.example/b.webp')).toBe('https://cdn.example/b.webp');
    expect(client.mediaUrl(null)).toBeNull();
  });
});
