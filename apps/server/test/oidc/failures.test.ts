import { OIDC_TICKET_COOKIE } from '@whisp/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resignedIdToken,
  startOidcProvider,
  type TestOidcProvider,
  tamperedIdToken,
} from '../../test-support/oidc-provider.mjs';
import { locationOf, type TestBrowser } from './browser.js';
import {
  callbackUrl,
  complete,
  PUBLIC_URL,
  signInAs,
  startTestbed,
  type Testbed,
  throughProvider,
  unreachableProvider,
} from './testbed.js';

const expiredAt = (path: string) => ({ error: 'OIDC_EXPIRED', provider: 'test', path });

describe('provider sign-ins that must not sign anyone in', () => {
  let testbed: Testbed;
  /** A second provider, stopped halfway through a sign-in. */
  let goingDown: TestOidcProvider;
  beforeAll(async () => {
    goingDown = await startOidcProvider({ redirectUris: [callbackUrl('going-down')] });
    testbed = await startTestbed({
      // The profile in the ID token, so Whisp reads nothing else: a forged token must be refused
      // for its signature alone (UserInfo, asked otherwise, would disown its subject too).
      providerOptions: { idTokenClaims: true },
      otherProviders: [await unreachableProvider(), goingDown.whispProvider('going-down', 'Later')],
    });
    testbed.provider.setAccount('victim', { preferred_username: 'victim', name: 'Victim' });
    testbed.provider.setAccount('mallory', { preferred_username: 'mallory', name: 'Mallory' });
    // The victim has an account linked already: a forged token naming them must not reach it.
    expect((await signInAs(testbed.browser(), 'victim')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await testbed?.close();
    await goingDown?.stop().catch(() => {});
  });

  const back = (response: Awaited<ReturnType<TestBrowser['whisp']>>) => {
    const { path, query } = locationOf(response);
    return { ...query, path };
  };
  const sessionsOf = async (username: string) => {
    const row = await testbed.testApp.database.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('refuses a callback with a state it never issued, and still takes the right one', async () => {
    const browser = testbed.browser();
    const start = await browser.whisp('GET', '/api/auth/oidc/test/start');
    const returnUrl = await browser.atProvider(start.headers.location as string, 'mallory');
    const wrong = new URL(returnUrl);
    wrong.searchParams.set('state', 'a-state-nobody-issued');

    const refused = await browser.whisp('GET', wrong.href);

    expect(back(refused)).toEqual(expiredAt('/auth/oidc'));
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
    const right = await browser.whisp('GET', returnUrl);
    expect(locationOf(right).href).toBe(`${PUBLIC_URL}/auth/oidc`);
  });

  it('refuses a callback opened in another browser than the one that started', async () => {
    const starter = testbed.browser();
    const start = await starter.whisp('GET', '/api/auth/oidc/test/start');
    const returnUrl = await starter.atProvider(start.headers.location as string, 'mallory');

    // Someone sent the finished callback to another browser: it must not sign that one in.
    const other = testbed.browser();
    const refused = await other.whisp('GET', returnUrl);

    expect(back(refused)).toEqual(expiredAt('/auth/oidc'));
    expect(other.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('refuses a replayed callback (the same code and state again)', async () => {
    const browser = testbed.browser();
    const { returnUrl, callback } = await throughProvider(browser, 'mallory');
    expect(locationOf(callback).href).toBe(`${PUBLIC_URL}/auth/oidc`);
    browser.cookies.delete(OIDC_TICKET_COOKIE);

    const replayed = await browser.whisp('GET', returnUrl);

    expect(back(replayed)).toEqual(expiredAt('/auth/oidc'));
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('refuses a code the provider already redeemed, even under a fresh state', async () => {
    const browser = testbed.browser();
    const { returnUrl } = await throughProvider(browser, 'mallory');
    const usedCode = new URL(returnUrl).searchParams.get('code') as string;
    // A new flow of the same browser, answered with the old code.
    const start = await browser.whisp('GET', '/api/auth/oidc/test/start');
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const forged = new URL(callbackUrl('test'));
    forged.search = new URLSearchParams({
      code: usedCode,
      state,
      iss: testbed.provider.issuer,
    }).toString();
    browser.cookies.delete(OIDC_TICKET_COOKIE);

    const refused = await browser.whisp('GET', forged.href);

    expect(back(refused)).toEqual(expiredAt('/auth/oidc'));
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('sends a cancelled sign-in back to the app as cancelled', async () => {
    const browser = testbed.browser();

    const { callback } = await throughProvider(browser, 'mallory', { cancel: true });

    expect(back(callback)).toEqual({
      error: 'OIDC_CANCELLED',
      provider: 'test',
      path: '/auth/oidc',
    });
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('refuses an ID token whose claims were edited after signing', async () => {
    const victimSessions = await sessionsOf('victim');
    testbed.provider.alterIdTokens((token) => tamperedIdToken(token, { sub: 'victim' }));
    try {
      const browser = testbed.browser();
      const { callback } = await throughProvider(browser, 'mallory');

      expect(back(callback)).toEqual({
        error: 'OIDC_INVALID',
        provider: 'test',
        path: '/auth/oidc',
      });
      expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
    } finally {
      testbed.provider.alterIdTokens(undefined);
    }
    expect(await sessionsOf('victim')).toBe(victimSessions);
  });

  it('refuses an ID token signed by a key the provider never published', async () => {
    testbed.provider.alterIdTokens((token) => resignedIdToken(token, { sub: 'victim' }));
    try {
      const browser = testbed.browser();
      const { callback } = await throughProvider(browser, 'mallory');

      expect(back(callback)).toEqual({
        error: 'OIDC_INVALID',
        provider: 'test',
        path: '/auth/oidc',
      });
      expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
    } finally {
      testbed.provider.alterIdTokens(undefined);
    }
    // The same sign-in, unaltered, goes through: the refusals above were the tokens'.
    expect((await signInAs(testbed.browser(), 'mallory')).statusCode).toBeLessThan(300);
  });

  it('sends the browser back with the provider unavailable when it cannot be reached at the start', async () => {
    const browser = testbed.browser();

    const start = await browser.whisp('GET', '/api/auth/oidc/down/start');

    expect(start.statusCode).toBe(302);
    expect(back(start)).toEqual({
      error: 'OIDC_PROVIDER_UNAVAILABLE',
      provider: 'down',
      path: '/auth/oidc',
    });
    expect(browser.cookies.size).toBe(0);
  });

  it('says the provider is unavailable when it goes away before the code is exchanged', async () => {
    const browser = testbed.browser();
    const start = await browser.whisp('GET', '/api/auth/oidc/going-down/start');
    const returnUrl = await browser.atProvider(start.headers.location as string, 'mallory');
    await goingDown.stop();

    const callback = await browser.whisp('GET', returnUrl);

    expect(back(callback)).toEqual({
      error: 'OIDC_PROVIDER_UNAVAILABLE',
      provider: 'going-down',
      path: '/auth/oidc',
    });
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('answers a completion without a ticket as an expired sign-in', async () => {
    const response = await complete(testbed.browser());

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'OIDC_EXPIRED' });
  });
});

describe('provider sign-ins under the failed sign-in limit', () => {
  let testbed: Testbed;
  beforeAll(async () => {
    testbed = await startTestbed({
      config: {
        rateLimits: {
          failedSignIns: { max: 3, windowMs: 60_000 },
          registrations: { max: 100, windowMs: 60_000 },
          authenticated: { max: 10_000, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => testbed?.close());

  it('stops an address after as many failed callbacks as failed password sign-ins', async () => {
    const browser = testbed.browser();
    const forged = `${callbackUrl('test')}?code=guessed&state=guessed`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await browser.whisp('GET', forged);
      expect(locationOf(refused).query.error).toBe('OIDC_EXPIRED');
    }

    const start = await browser.whisp('GET', '/api/auth/oidc/test/start');
    const limited = await complete(browser);

    expect(locationOf(start).query).toEqual({ error: 'RATE_LIMITED', provider: 'test' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
