import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, postgresUrl, type TestApp } from '../helpers.js';
import { registerMember } from '../members.js';
import { openEventStream } from '../routes/events/sse.js';

const TOKEN = 'metrics-token-for-this-test-0123456789';

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const testApp of apps.splice(0)) await testApp.close();
});

async function start(metrics: { token?: string; port?: number }) {
  const testApp = await createTestApp({
    config: { metrics: { token: metrics.token, port: metrics.port } },
  });
  apps.push(testApp);
  return testApp;
}

const scrape = (testApp: TestApp, authorization?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('/metrics', () => {
  it('is not served unless configured', async () => {
    const testApp = await start({});

    const response = await scrape(testApp, `Bearer ${TOKEN}`);

    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('refuses a missing or wrong token with 401 in the error shape', async () => {
    const testApp = await start({ token: TOKEN });

    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const response = await scrape(testApp, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('counts requests and their latency by route pattern, never by raw URL', async () => {
    const testApp = await start({ token: TOKEN });
    const member = await registerMember(testApp.app);
    for (const id of [
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]) {
      await testApp.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: member.headers });
    }
    await testApp.app.inject({ method: 'GET', url: '/no/such/page/secret-looking-path' });

    const response = await scrape(testApp, `Bearer ${TOKEN}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /^whisp_http_requests_total\{method="GET",route="\/api\/posts\/:id",status_code="404"\} 2$/m,
    );
    expect(text).toMatch(
      /^whisp_http_requests_total\{method="POST",route="\/api\/auth\/register",status_code="201"\} 1$/m,
    );
    expect(text).toMatch(
      /^whisp_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:id",status_code="404"\} 2$/m,
    );
    expect(text).toMatch(
      /^whisp_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/posts\/:id",status_code="404"\} \d+$/m,
    );
    expect(text).toContain('route="(no route)"');
    expect(text).not.toContain('11111111-1111');
    expect(text).not.toContain('secret-looking-path');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('reports the database pools on PostgreSQL, and none on the embedded database', async () => {
    const testApp = await start({ token: TOKEN });

    const text = (await scrape(testApp, `Bearer ${TOKEN}`)).body;

    if (postgresUrl) {
      expect(text).toMatch(/^whisp_db_pool_connections_open\{pool="main"\} \d+$/m);
      expect(text).toMatch(/^whisp_db_pool_connections_max\{pool="main"\} [1-9]\d*$/m);
      expect(text).toMatch(/^whisp_db_pool_queries_waiting\{pool="planned_per_call"\} \d+$/m);
    } else {
      expect(text).not.toMatch(/^whisp_db_pool_connections_open\{/m);
      expect(text).toContain('# TYPE whisp_db_pool_connections_open gauge');
    }
  });

  it('counts the live event streams open on this instance', async () => {
    const testApp = await start({ token: TOKEN });
    const member = await registerMember(testApp.app);
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const streams = () =>
      scrape(testApp, `Bearer ${TOKEN}`).then(
        ({ body }) => /^whisp_live_event_streams (\d+)$/m.exec(body)?.[1],
      );

    expect(await streams()).toBe('0');
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, member.headers);
    await stream.next((item) => item.event === 'unread');
    expect(await streams()).toBe('1');
    stream.close();
  });

  it('can be served on a port of its own instead, without a token', async () => {
    const port = await freePort();
    const testApp = await start({ port });
    await testApp.app.ready();

    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    const other = await fetch(`http://127.0.0.1:${port}/api/users/me`);

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE whisp_http_requests_total counter');
    expect(other.status).toBe(404);
    expect((await scrape(testApp)).statusCode).toBe(404);
  });
});
