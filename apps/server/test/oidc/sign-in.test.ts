import { OIDC_TICKET_COOKIE, oidcFailureMessage } from '@whisp/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.js';
import { registerMember } from '../members.js';
import { locationOf } from './browser.js';
import {
  complete,
  PROVIDER,
  PUBLIC_URL,
  signInAs,
  startTestbed,
  type Testbed,
  throughProvider,
  unreachableProvider,
} from './testbed.js';

describe('signing up and in with a provider (a real OpenID provider on loopback)', () => {
  let testbed: Testbed;
  beforeAll(async () => {
    testbed = await startTestbed({ otherProviders: [await unreachableProvider()] });
  });
  afterAll(() => testbed?.close());

  const me = (token: string) =>
    testbed.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
  const memberCount = async () => {
    const row = await testbed.testApp.database.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('lists the configured providers, in their order, to anyone', async () => {
    const response = await testbed.app.inject({ method: 'GET', url: '/api/auth/providers' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [
        { id: 'test', name: 'Test ID' },
        { id: 'down', name: 'Down ID' },
      ],
    });
  });

  it('creates a new member from the claims, signed in, with no token in any address', async () => {
    testbed.provider.setAccount('ada-subject', {
      preferred_username: 'ada_l',
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      email_verified: true,
    });
    const browser = testbed.browser();

    const { callback } = await throughProvider(browser, 'ada-subject');
    // Back in the app with nothing in the address but its path; the ticket is an HttpOnly cookie.
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/auth/oidc`);
    const cookie = [callback.headers['set-cookie']].flat().join('\n');
    expect(cookie).toMatch(
      new RegExp(
        `${OIDC_TICKET_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/auth/oidc; Max-Age=120; HttpOnly; SameSite=Lax`,
      ),
    );
    const response = await complete(browser);

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Account created' });
    expect(body.data.user).toMatchObject({
      username: 'ada_l',
      display_name: 'Ada Lovelace',
      email: 'Ada@Example.com',
    });
    const signedIn = await me(body.data.token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.id).toBe(body.data.user.id);
    const stored = await testbed.testApp.database.kysely
      .selectFrom('users')
      .select(['password_hash'])
      .where('id', '=', body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
  });

  it('signs the linked member in again, whatever the claims say now', async () => {
    testbed.provider.setAccount('grace-subject', { preferred_username: 'grace_h', name: 'Grace' });
    const first = await signInAs(testbed.browser(), 'grace-subject');
    expect(first.statusCode, first.body).toBe(201);
    testbed.provider.setAccount('grace-subject', { preferred_username: 'someone_else' });

    const again = await signInAs(testbed.browser(), 'grace-subject');

    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ success: true, message: 'Signed in' });
    expect(again.json().data.user).toMatchObject({
      id: first.json().data.user.id,
      username: 'grace_h',
    });
    expect((await me(again.json().data.token)).statusCode).toBe(200);
  });

  it('keeps no email the provider did not verify, and matches nobody by it', async () => {
    const holder = await registerMember(testbed.app, { email: 'linus@example.com' });
    testbed.provider.setAccount('linus-lookalike', {
      preferred_username: 'linus_t',
      email: 'linus@example.com',
      email_verified: false,
    });

    const response = await signInAs(testbed.browser(), 'linus-lookalike');

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.user.id).not.toBe(holder.id);
    expect(response.json().data.user.email).toBeNull();
  });

  it('refuses an unknown provider account whose verified email is a member’s, creating nothing', async () => {
    await registerMember(testbed.app, { email: 'margaret@example.com' });
    testbed.provider.setAccount('margaret-at-provider', {
      preferred_username: 'margaret_h',
      email: 'MARGARET@example.com',
      email_verified: true,
    });
    const browser = testbed.browser();
    const before = await memberCount();

    const { callback } = await throughProvider(browser, 'margaret-at-provider');

    const back = locationOf(callback);
    expect(back.href.startsWith(`${PUBLIC_URL}/auth/oidc?`)).toBe(true);
    expect(back.query).toEqual({ error: 'OIDC_EMAIL_IN_USE', provider: 'test' });
    expect(oidcFailureMessage(back.query.error as string, PROVIDER.name)).toBe(
      'An account with this email already exists. Sign in with your password, then connect Test ID in Settings.',
    );
    expect(browser.cookies.has(OIDC_TICKET_COOKIE)).toBe(false);
    expect((await complete(browser)).json()).toMatchObject({ code: 'OIDC_EXPIRED' });
    expect(await memberCount()).toBe(before);
  });

  it('asks for a username when the provider’s is taken, suggesting a free one, and takes the chosen one by sign-up’s rules', async () => {
    await registerMember(testbed.app, { username: 'eve' });
    testbed.provider.setAccount('eve-subject', { preferred_username: 'eve', name: 'Eve Adams' });
    const browser = testbed.browser();
    await throughProvider(browser, 'eve-subject');

    const asked = await complete(browser);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toEqual({
      success: false,
      code: 'OIDC_USERNAME_NEEDED',
      message: 'Choose a username to finish creating your account.',
      data: {
        provider: { id: 'test', name: 'Test ID' },
        suggested_username: 'eve_2',
        display_name: 'Eve Adams',
      },
    });

    const invalid = await complete(browser, { username: 'eve adams!' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([
      { field: 'username', message: 'Username can only contain letters, numbers, and underscores' },
    ]);
    const reserved = await complete(browser, { username: ' Admin ' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toMatchObject({
      code: 'USERNAME_RESERVED',
      message: 'This username is reserved',
    });
    const taken = await complete(browser, { username: 'EVE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN' });

    const chosen = await complete(browser, { username: 'eve_2' });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.user).toMatchObject({ username: 'eve_2', display_name: 'Eve Adams' });
  });

  it('asks with no suggestion when nothing of the name makes a username', async () => {
    testbed.provider.setAccount('bruce-subject', { name: '李小龍' });
    const browser = testbed.browser();
    await throughProvider(browser, 'bruce-subject');

    const asked = await complete(browser);

    expect(asked.statusCode).toBe(409);
    expect(asked.json().data).toEqual({
      provider: { id: 'test', name: 'Test ID' },
      suggested_username: null,
      display_name: '李小龍',
    });
    const chosen = await complete(browser, { username: 'bruce' });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.user.display_name).toBe('李小龍');
  });

  it('uses a ticket once: the same cookie again reads as an expired sign-in', async () => {
    testbed.provider.setAccount('once-subject', { preferred_username: 'once_only' });
    const browser = testbed.browser();
    await throughProvider(browser, 'once-subject');
    const ticket = browser.cookies.get(OIDC_TICKET_COOKIE) as string;
    expect((await complete(browser)).statusCode).toBe(201);

    browser.cookies.set(OIDC_TICKET_COOKIE, ticket);
    const again = await complete(browser);

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'OIDC_EXPIRED',
      message: 'This sign-in has expired or was already used. Please start again.',
    });
    // A member's ticket too: signing in again, then replaying it.
    await throughProvider(browser, 'once-subject');
    const memberTicket = browser.cookies.get(OIDC_TICKET_COOKIE) as string;
    expect((await complete(browser)).statusCode).toBe(200);
    browser.cookies.set(OIDC_TICKET_COOKIE, memberTicket);
    expect((await complete(browser)).json()).toMatchObject({ code: 'OIDC_EXPIRED' });
  });

  it('refuses a password for a member who has none, as an unknown address', async () => {
    testbed.provider.setAccount('nopass-subject', {
      preferred_username: 'no_password',
      email: 'nopass@example.com',
      email_verified: true,
    });
    expect((await signInAs(testbed.browser(), 'nopass-subject')).statusCode).toBe(201);

    const response = await testbed.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nopass@example.com', password: 'any password at all' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
  });

  it('refuses a suspended member at the callback', async () => {
    testbed.provider.setAccount('suspended-subject', { preferred_username: 'soon_suspended' });
    const created = await signInAs(testbed.browser(), 'suspended-subject');
    await testbed.testApp.database.kysely
      .updateTable('users')
      .set({ suspended_at: new Date() })
      .where('id', '=', created.json().data.user.id)
      .execute();

    const { callback } = await throughProvider(testbed.browser(), 'suspended-subject');

    expect(locationOf(callback).query).toEqual({ error: 'ACCOUNT_SUSPENDED', provider: 'test' });
  });
});

describe('a server without providers', () => {
  it('lists none', async () => {
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.json()).toEqual({ success: true, data: [] });
      const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oidc/test/start' });
      expect(start.statusCode).toBe(302);
      expect(locationOf(start).query).toEqual({
        error: 'OIDC_PROVIDER_NOT_FOUND',
        provider: 'test',
      });
    } finally {
      await testApp.close();
    }
  });
});
