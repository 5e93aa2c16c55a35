import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../helpers.js';
import { type FederatedServer, startFederatedServer } from './two-servers.js';

// "Limits on how fast one server may deliver" (issue 35), proven with a small limit.
describe('inbox deliveries per sending address', () => {
  let server: FederatedServer;

  beforeAll(async () => {
    server = await startFederatedServer({
      rateLimits: {
        ...testConfig().rateLimits,
        inboxDeliveries: { max: 2, windowMs: 60_000 },
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  const deliver = () =>
    fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: '{}',
    });

  it('answers 429 with Retry-After past the limit, and keeps serving reads', async () => {
    expect((await deliver()).status).not.toBe(429);
    expect((await deliver()).status).not.toBe(429);
    const refused = await deliver();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const finger = await fetch(`${server.url}/users/nobody`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(finger.status).toBe(404);
  });
});
