import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { connectTestRedis, deleteRedisKeys, testRedisUrl } from '../scale-out/services.js';

const small = {
  failedSignIns: { max: 2, windowMs: 60_000 },
  registrations: { max: 1_000, windowMs: 60_000 },
  authenticated: { max: 1_000, windowMs: 60_000 },
};

/** An address of this run alone, since Redis outlives the test. */
const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe('rate limits shared through Redis', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    redis = await connectTestRedis();
    first = await createTestApp({ config: { redisUrl: testRedisUrl, rateLimits: small } });
    // A second instance of its own, as behind a load balancer; only Redis joins the two.
    second = await createTestApp({ config: { redisUrl: testRedisUrl, rateLimits: small } });
    member = await registerMember(first.app);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
  });

  it('counts failures on one instance against sign-ins on another, under whisp:rate-limit:', async () => {
    const address = randomAddress();
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
    expect(await redis.get(`whisp:rate-limit:failed-sign-ins-by-address:${address}`)).toBe('2');
  });
});

describe('rate-limit keys in Redis', () => {
  // A prefix of this run alone: its keys can be listed exactly and removed afterwards.
  const prefix = `whisp-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let testApp: TestApp;
  beforeAll(async () => {
    redis = await connectTestRedis();
    testApp = await createTestApp({
      config: { redisUrl: testRedisUrl, redisKeyPrefix: prefix, rateLimits: small },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    if (redis) await deleteRedisKeys(redis, prefix);
    redis?.disconnect();
  });

  it('names each key <prefix>rate-limit:<scope>:<member, address or account>', async () => {
    const member = await registerMember(testApp.app);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: member.headers,
    });
    const failed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Nobody@Example.com', password: 'wrong guess' },
    });
    expect(me.statusCode).toBe(200);
    expect(failed.statusCode).toBe(401);

    const keys = (await redis.keys(`${prefix}*`)).sort();
    expect(keys).toEqual(
      [
        `${prefix}rate-limit:failed-sign-ins-by-account:nobody@example.com`,
        `${prefix}rate-limit:failed-sign-ins-by-address:127.0.0.1`,
        `${prefix}rate-limit:registrations:127.0.0.1`,
        `${prefix}rate-limit:requests:${member.id}`,
      ].sort(),
    );
    expect(await redis.get(`${prefix}rate-limit:requests:${member.id}`)).toBe('1');
    const ttl = await redis.pttl(`${prefix}rate-limit:requests:${member.id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(small.authenticated.windowMs);
  });
});

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
