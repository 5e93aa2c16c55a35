import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from './helpers.js';

describe('request logs', () => {
  const logs = captureLogs();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      config: { logLevel: 'info' },
      logDestination: logs.destination,
    });
    testApp.app.get('/api/test/crash', async () => {
      throw new Error('insert into sessions failed');
    });
  });
  afterAll(() => testApp.close());

  it('are JSON lines carrying the request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });

    const entries = logs
      .entries()
      .filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(entries.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('never contain a session token, from the Authorization header or the query string', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/api/events?token=secret-session-token&after=5',
      headers: { authorization: 'Bearer secret-bearer-token' },
    });

    expect(logs.text()).toContain('/api/events?token=[redacted]&after=5');
    expect(logs.text()).not.toContain('secret-session-token');
    expect(logs.text()).not.toContain('secret-bearer-token');
  });

  it('never contain a secret of a URL: tokens, codes, client secrets and states, however named', async () => {
    const secrets = ['token', 'access_token', 'code', 'client_secret', 'state'];
    const urls = secrets.flatMap((name) => [
      // A route that takes a session in its query, one that refuses it, and a path no route has.
      `/api/events?${name}=secret-${name}-1&after=5`,
      `/api/posts/following?limit=5&${name}=secret-${name}-2`,
      `/api/no-such-route?${name}=secret-${name}-3#fragment`,
      // As the query parser reads them: another case, an escaped name, twice over.
      `/health?${name.toUpperCase()}=secret-${name}-4`,
      `/health?${encodeURIComponent(name).replace('_', '%5F')}=secret-${name}-5&${name}=secret-${name}-6`,
    ]);
    for (const url of urls) await testApp.app.inject({ method: 'GET', url });

    const text = logs.text();
    expect(text).not.toMatch(/secret-/);
    for (const name of secrets) {
      expect(text).toContain(`/api/posts/following?limit=5&${name}=[redacted]`);
    }
    expect(text).toContain('/health?access%5Ftoken=[redacted]&access_token=[redacted]');
    // What is not a secret stays readable.
    expect(text).toContain('/api/events?state=[redacted]&after=5');
  });

  it('keep the cause of a 500 that the response leaves out', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });

    const failure = logs.entries().find((entry) => entry.msg === 'Request failed');
    expect(failure).toMatchObject({
      level: 50,
      err: { message: 'insert into sessions failed', stack: expect.stringContaining('Error:') },
    });
  });
});
