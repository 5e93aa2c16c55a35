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

  it('keep the cause of a 500 that the response leaves out', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });

    const failure = logs.entries().find((entry) => entry.msg === 'Request failed');
    expect(failure).toMatchObject({
      level: 50,
      err: { message: 'insert into sessions failed', stack: expect.stringContaining('Error:') },
    });
  });
});
