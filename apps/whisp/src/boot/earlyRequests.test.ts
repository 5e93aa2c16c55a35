import { createFetcher, createMemoryTokenStore } from '@whisp/api-client';
import { describe, expect, it } from 'vitest';
import {
  adoptEarlyResponses,
  EARLY_ANSWER_MAX_AGE_MS,
  type EarlyRequest,
  earlyRequestRecorder,
} from './earlyRequests';

/** The network: counts what reaches it and answers each URL with a JSON body naming it. */
function network() {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
    return Response.json({ success: true, data: { url, call: calls.length } });
  };
  return { calls, fetch };
}

/** What the boot script does: the client's request function, recording instead of waiting. */
function bootRequests(fetch: typeof globalThis.fetch, token: string | null, now = () => 0) {
  const requests: EarlyRequest[] = [];
  const request = createFetcher({
    baseUrl: '',
    tokenStore: createMemoryTokenStore(token),
    fetch: earlyRequestRecorder(fetch, requests, now),
  });
  return { requests, request };
}

function appRequest(fetch: typeof globalThis.fetch, token: string | null) {
  return createFetcher({ baseUrl: '', tokenStore: createMemoryTokenStore(token), fetch });
}

describe('early requests', () => {
  it('starts each request at once and records it with its URL and token', async () => {
    const { calls, fetch } = network();
    const { requests, request } = bootRequests(fetch, 'token-a');

    await expect(request('/api/users/me')).rejects.toMatchObject({ name: 'AbortError' });
    await expect(request('/health', { auth: 'none' })).rejects.toMatchObject({
      name: 'AbortError',
    });

    expect(calls).toEqual([
      { url: '/api/users/me', authorization: 'Bearer token-a' },
      { url: '/health', authorization: null },
    ]);
    expect(requests.map(({ url, authorization }) => ({ url, authorization }))).toEqual(calls);
  });

  it('gives the app the early answer once, instead of asking again', async () => {
    const { calls, fetch } = network();
    const boot = bootRequests(fetch, 'token-a');
    await boot.request('/api/posts/timeline', { query: { limit: 20 } }).catch(() => {});

    const request = appRequest(
      adoptEarlyResponses(fetch, boot.requests, () => 0),
      'token-a',
    );
    const first = await request('/api/posts/timeline', { query: { limit: 20 } });
    const second = await request('/api/posts/timeline', { query: { limit: 20 } });

    expect(first).toEqual({
      success: true,
      data: { url: '/api/posts/timeline?limit=20', call: 1 },
    });
    // The early answer is spent: the next ask reaches the network.
    expect(second).toMatchObject({ data: { call: 2 } });
    expect(calls).toHaveLength(2);
  });

  it('never serves one token an answer asked for with another, nor another URL or a write', async () => {
    const { calls, fetch } = network();
    const boot = bootRequests(fetch, 'token-a');
    await boot.request('/api/users/me').catch(() => {});

    const adopting = adoptEarlyResponses(fetch, boot.requests, () => 0);
    await appRequest(adopting, 'token-b')('/api/users/me');
    await appRequest(adopting, 'token-a')('/api/users/me?x=1');
    await appRequest(adopting, 'token-a')('/api/users/me', { method: 'POST', body: {} });

    expect(calls.map((call) => call.authorization)).toEqual([
      'Bearer token-a',
      'Bearer token-b',
      'Bearer token-a',
      'Bearer token-a',
    ]);
  });

  it('asks again when the early answer has waited too long', async () => {
    const { calls, fetch } = network();
    let now = 0;
    const boot = bootRequests(fetch, 'token-a', () => now);
    await boot.request('/api/users/me').catch(() => {});

    now = EARLY_ANSWER_MAX_AGE_MS + 1;
    const answer = await appRequest(
      adoptEarlyResponses(fetch, boot.requests, () => now),
      'token-a',
    )('/api/users/me');

    expect(answer).toMatchObject({ data: { call: 2 } });
    expect(calls).toHaveLength(2);
  });

  it('reports an early request that failed as the app would its own', async () => {
    const failing: typeof globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const boot = bootRequests(failing, null);
    await boot.request('/health', { auth: 'none' }).catch(() => {});

    const request = appRequest(
      adoptEarlyResponses(failing, boot.requests, () => 0),
      null,
    );

    await expect(request('/health', { auth: 'none' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });

  it('lets the caller stop waiting for an early answer, as it could stop its own fetch', async () => {
    const never: typeof globalThis.fetch = () => new Promise<Response>(() => {});
    const boot = bootRequests(never, null);
    await boot.request('/health', { auth: 'none' }).catch(() => {});
    const controller = new AbortController();

    const waiting = appRequest(
      adoptEarlyResponses(never, boot.requests, () => 0),
      null,
    )('/health', { auth: 'none', signal: controller.signal });
    controller.abort();

    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
