import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

const small = {
  failedSignIns: { max: 3, windowMs: 60_000 },
  registrations: { max: 2, windowMs: 60_000 },
  authenticated: { max: 3, windowMs: 60_000 },
};

function expectRateLimited(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message: string,
) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ success: false, code: 'RATE_LIMITED', message });
}

const TOO_MANY_SIGN_INS =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.';

describe('failed sign-ins', () => {
  let testApp: TestApp;
  let victim: TestMember;
  let bystander: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp({
      config: { rateLimits: { ...small, registrations: DEFAULT_RATE_LIMITS.registrations } },
    });
    victim = await registerMember(testApp.app);
    bystander = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('does not count successful sign-ins', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(victim.email, victim.password, '10.0.0.1')).statusCode).toBe(200);
    }
  });

  it('stops an address after 3 failures, even with the right password, and not other addresses', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await login(email, 'guess', '10.0.0.2')).statusCode).toBe(401);
    }

    expectRateLimited(
      await login(bystander.email, bystander.password, '10.0.0.2'),
      TOO_MANY_SIGN_INS,
    );
    expect((await login(bystander.email, bystander.password, '10.0.0.3')).statusCode).toBe(200);
  });

  it('stops an account after 3 failures from any mix of addresses, and not other accounts', async () => {
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      expect((await login(victim.email, 'guess', address)).statusCode).toBe(401);
    }

    expectRateLimited(
      await login(victim.email.toUpperCase(), victim.password, '10.1.0.4'),
      TOO_MANY_SIGN_INS,
    );
    expect((await login(bystander.email, bystander.password, '10.1.0.4')).statusCode).toBe(200);
  });
});

describe('registrations and authenticated requests', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { rateLimits: small } });
  });
  afterAll(() => testApp.close());

  const register = (username: string, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      payload: {
        email: `${username}@example.com`,
        password: 'long enough',
        username,
        display_name: username,
      },
    });

  it('allows 2 sign-ups from one address, then answers 429 with Retry-After', async () => {
    expect((await register('first', '10.2.0.1')).statusCode).toBe(201);
    expect((await register('second', '10.2.0.1')).statusCode).toBe(201);

    expectRateLimited(
      await register('third', '10.2.0.1'),
      'Too many accounts were created from this address. Please try again later.',
    );
    expect((await register('fourth', '10.2.0.2')).statusCode).toBe(201);
  });

  it('gives each member their own budget of requests', async () => {
    const login = (username: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${username}@example.com`, password: 'long enough' },
      });
    const first = (await login('first')).json().data.token;
    const second = (await login('second')).json().data.token;
    const me = (token: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });

    for (let request = 0; request < 3; request += 1) expect((await me(first)).statusCode).toBe(200);

    expectRateLimited(await me(first), 'Too many requests. Please wait a moment and try again.');
    expect((await me(second)).statusCode).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  const failFromForwarded = async (testApp: TestApp, forwardedFor: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `${forwardedFor}@example.com`, password: 'guess' },
    });

  it('counts each forwarded client on its own with TRUST_PROXY', async () => {
    const testApp = await createTestApp({ config: { trustProxy: true, rateLimits: small } });
    try {
      for (let client = 1; client <= 5; client += 1) {
        expect((await failFromForwarded(testApp, `203.0.113.${client}`)).statusCode).toBe(401);
      }
    } finally {
      await testApp.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, so a client cannot dodge the limit', async () => {
    const testApp = await createTestApp({ config: { trustProxy: false, rateLimits: small } });
    try {
      for (let client = 1; client <= 3; client += 1) {
        expect((await failFromForwarded(testApp, `203.0.113.${client}`)).statusCode).toBe(401);
      }
      expect((await failFromForwarded(testApp, '203.0.113.4')).statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});
