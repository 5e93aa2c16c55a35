import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenOf } from '../contract/account-helpers.js';
import { jsonOf, unzip } from '../contract/archive.js';
import { readOutbox } from '../contract/target.js';
import { registerMember } from '../members.js';
import { locationOf, type TestBrowser } from './browser.js';
import { complete, PUBLIC_URL, signInAs, startTestbed, type Testbed } from './testbed.js';

describe('connected accounts in Settings', () => {
  let testbed: Testbed;
  beforeAll(async () => {
    testbed = await startTestbed();
  });
  afterAll(() => testbed?.close());

  const call = (
    member: { headers: { authorization: string } },
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
  ) => testbed.app.inject({ method, url, headers: member.headers });
  const identitiesOf = async (member: { headers: { authorization: string } }) =>
    (await call(member, 'GET', '/api/users/me/identities')).json().data as {
      id: string;
      provider: string;
      name: string;
      created_at: string;
    }[];

  /** The signed-in member connects `login` at the provider, as Settings does it. */
  async function connect(
    member: { headers: { authorization: string } },
    login: string,
    browser = testbed.browser(),
  ) {
    const started = await browser.whisp('POST', '/api/users/me/identities/test', {
      headers: member.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    const returnUrl = await browser.atProvider(started.json().data.url, login);
    const callback = await browser.whisp('GET', returnUrl);
    expect(callback.statusCode).toBe(302);
    return locationOf(callback);
  }

  const asMember = (response: Awaited<ReturnType<TestBrowser['whisp']>>) => {
    const { token, user } = response.json().data;
    return { id: user.id as string, headers: { authorization: `Bearer ${token}` } };
  };

  it('connects a provider account to the signed-in member, who can then sign in with it', async () => {
    const member = await registerMember(testbed.app);
    testbed.provider.setAccount('ines-work', { preferred_username: 'ines_at_work' });

    const back = await connect(member, 'ines-work');

    expect(back.href).toBe(`${PUBLIC_URL}/settings?connected=test`);
    const listed = await identitiesOf(member);
    expect(listed).toEqual([
      { id: expect.any(String), provider: 'test', name: 'Test ID', created_at: expect.any(String) },
    ]);
    const signedIn = await signInAs(testbed.browser(), 'ines-work');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.id).toBe(member.id);
  });

  it("refuses to connect a provider account that is another member's", async () => {
    const owner = await registerMember(testbed.app);
    const other = await registerMember(testbed.app);
    await connect(owner, 'shared-login');

    const back = await connect(other, 'shared-login');

    expect(back.path).toBe('/settings');
    expect(back.query).toEqual({ error: 'IDENTITY_TAKEN', provider: 'test' });
    expect(await identitiesOf(other)).toEqual([]);
    expect(await identitiesOf(owner)).toHaveLength(1);
  });

  it('disconnects an account of a member who has a password, and only their own', async () => {
    const member = await registerMember(testbed.app);
    const stranger = await registerMember(testbed.app);
    testbed.provider.setAccount('disconnect-me', { preferred_username: 'disconnected_one' });
    await connect(member, 'disconnect-me');
    const [identity] = await identitiesOf(member);

    const notTheirs = await call(stranger, 'DELETE', `/api/users/me/identities/${identity?.id}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({
      success: false,
      code: 'IDENTITY_NOT_FOUND',
      message: 'There is no such connected account',
    });

    const removed = await call(member, 'DELETE', `/api/users/me/identities/${identity?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Test ID disconnected' });
    expect(await identitiesOf(member)).toEqual([]);
    // The provider account is free again: signing in with it makes a new member.
    expect((await signInAs(testbed.browser(), 'disconnect-me')).statusCode).toBe(201);
  });

  it('keeps the last way to sign in of a member without a password, and lets go of it once there is another', async () => {
    testbed.provider.setAccount('only-way', {
      preferred_username: 'only_way',
      email: 'only-way@example.com',
      email_verified: true,
    });
    const member = asMember(await signInAs(testbed.browser(), 'only-way'));
    const [only] = await identitiesOf(member);

    const refused = await call(member, 'DELETE', `/api/users/me/identities/${only?.id}`);

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      code: 'LAST_SIGN_IN_METHOD',
      message:
        'This is your only way to sign in. Set a password or connect another account before disconnecting it.',
    });
    expect(await identitiesOf(member)).toHaveLength(1);

    // A second account at the provider is another way in.
    await connect(member, 'only-way-second');
    const allowed = await call(member, 'DELETE', `/api/users/me/identities/${only?.id}`);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('lets a member without a password set one through a reset link, and refuses what needs the password meanwhile', async () => {
    testbed.provider.setAccount('sets-password', {
      preferred_username: 'sets_password',
      email: 'sets-password@example.com',
      email_verified: true,
    });
    const member = asMember(await signInAs(testbed.browser(), 'sets-password'));

    const change = await testbed.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: member.headers,
      payload: { current_password: 'anything at all', new_password: 'a brand new password' },
    });
    expect(change.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const deletion = await testbed.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: member.headers,
      payload: { password: 'anything at all' },
    });
    expect(deletion.json()).toMatchObject({ code: 'WRONG_PASSWORD' });

    await testbed.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'sets-password@example.com' },
    });
    const mail = await vi.waitFor(
      async () => {
        const found = (await readOutbox(testbed.testApp.config.dataDir)).find(
          (candidate) => candidate.to === 'sets-password@example.com',
        );
        if (!found) throw new Error('No reset mail yet');
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    const reset = await testbed.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: tokenOf(mail), password: 'a brand new password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await testbed.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sets-password@example.com', password: 'a brand new password' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const signedIn = asMember(login);
    const [identity] = await identitiesOf(signedIn);
    // With a password, the provider account is no longer the last way in.
    expect(
      (await call(signedIn, 'DELETE', `/api/users/me/identities/${identity?.id}`)).statusCode,
    ).toBe(200);
  });

  it('exports the account of a member with no email', async () => {
    testbed.provider.setAccount('no-email', { preferred_username: 'no_email_here' });
    const member = asMember(await signInAs(testbed.browser(), 'no-email'));

    const exported = await testbed.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: member.headers,
    });

    expect(exported.statusCode).toBe(200);
    const account = jsonOf(await unzip(exported.rawPayload), 'account.json') as {
      user: { username: string; email: string | null };
    };
    expect(account.user).toMatchObject({ username: 'no_email_here', email: null });
  });

  it('answers a connection to a provider that is not configured with 404', async () => {
    const member = await registerMember(testbed.app);

    const response = await call(member, 'POST', '/api/users/me/identities/nowhere');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'OIDC_PROVIDER_NOT_FOUND' });
  });

  it('needs no completion step for a connection: the ticket cookie is never set', async () => {
    const member = await registerMember(testbed.app);
    const browser = testbed.browser();
    await connect(member, 'no-ticket-needed', browser);

    expect((await complete(browser)).json()).toMatchObject({ code: 'OIDC_EXPIRED' });
  });
});
