import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

/** Set where Redis runs (api.md: limits shared by every instance when REDIS_URL is set). */
const redisUrl = process.env.REDIS_URL || undefined;

const small = {
  failedSignIns: { max: 2, windowMs: 60_000 },
  registrations: { max: 1_000, windowMs: 60_000 },
  authenticated: { max: 1_000, windowMs: 60_000 },
};

if (redisUrl) {
  describe('rate limits shared through Redis', () => {
    let first: TestApp;
    let second: TestApp;
    let member: TestMember;
    beforeAll(async () => {
      first = await createTestApp({ config: { redisUrl, rateLimits: small } });
      // A second instance of its own, as behind a load balancer; only Redis joins the two.
      second = await createTestApp({ config: { redisUrl, rateLimits: small } });
      member = await registerMember(first.app);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('counts failures on one instance against sign-ins on another', async () => {
      // An address of this run alone, since Redis outlives the test.
      const address = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const login = (app: TestApp, email: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: address,
          payload: { email, password: 'wrong guess' },
        });

      expect((await login(first, `a${address}@example.com`)).statusCode).toBe(401);
      expect((await login(first, `b${address}@example.com`)).statusCode).toBe(401);

      const blocked = await login(second, member.email);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}

describe('rate limits when Redis is unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1.
    testApp = await createTestApp({
      config: { redisUrl: 'redis://127.0.0.1:1', rateLimits: small },
    });
  });
  afterAll(() => testApp.close());

  it('lets requests through rather than failing them', async () => {
    const member = await registerMember(testApp.app);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: member.headers,
    });

    expect(response.statusCode).toBe(200);
  });
});
