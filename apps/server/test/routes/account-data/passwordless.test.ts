import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../members.js';
import { signInAs, startTestbed, type Testbed } from '../../oidc/testbed.js';

// A member who signed up with another account has no password, and maybe no email (so no reset
// link either): they set a password without a current one and confirm a deletion with their
// username. Members made by a real OpenID provider on loopback, as in test/oidc.

describe('passwords and account deletion, with and without a password', () => {
  let testbed: Testbed;
  beforeAll(async () => {
    testbed = await startTestbed();
  });
  afterAll(() => testbed?.close());

  let logins = 0;
  /** Signs up at the provider with no email, so no reset link can give them a password. */
  async function providerMember(username: string) {
    logins += 1;
    const login = `passwordless-${logins}`;
    testbed.provider.setAccount(login, { preferred_username: username });
    const answer = await signInAs(testbed.browser(), login);
    expect(answer.statusCode, answer.body).toBe(201);
    const { token, user } = answer.json().data;
    return {
      id: user.id as string,
      username: user.username as string,
      user,
      headers: { authorization: `Bearer ${token}` },
    };
  }

  const inject = (
    member: { headers: { authorization: string } },
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => testbed.app.inject({ method, url, headers: member.headers, payload });

  const deleteWith = (member: { headers: { authorization: string } }, payload?: object) =>
    inject(member, 'DELETE', '/api/users/me', payload);

  /** Whether a member (by the other's eyes) still exists. */
  async function profileStatus(id: string) {
    const onlooker = await registerMember(testbed.app);
    return (await inject(onlooker, 'GET', `/api/users/${id}`)).statusCode;
  }

  it('tells a member without a password apart by has_password, at sign-in and on GET /api/users/me', async () => {
    const member = await providerMember('no_password_yet');
    const withPassword = await registerMember(testbed.app);

    expect(member.user).toMatchObject({ email: null, has_password: false });
    expect((await inject(member, 'GET', '/api/users/me')).json().data).toMatchObject({
      email: null,
      has_password: false,
    });
    expect((await inject(withPassword, 'GET', '/api/users/me')).json().data).toMatchObject({
      has_password: true,
    });
  });

  it('sets a password without a current one, and needs it from then on', async () => {
    const member = await providerMember('sets_first_password');

    const set = await inject(member, 'POST', '/api/users/me/password', {
      new_password: 'my very first password',
    });

    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    expect((await inject(member, 'GET', '/api/users/me')).json().data.has_password).toBe(true);
    // From now on it is a password like any other: a change asks for it.
    const again = await inject(member, 'POST', '/api/users/me/password', {
      new_password: 'another new password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Password is required',
      details: [{ field: 'current_password', message: 'Password is required' }],
    });
    const changed = await inject(member, 'POST', '/api/users/me/password', {
      current_password: 'my very first password',
      new_password: 'another new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('ends their other sessions when setting a password, as a change does', async () => {
    const member = await providerMember('two_sessions');
    // The same provider account signed in again in another browser: a second session.
    const second = await signInAs(testbed.browser(), `passwordless-${logins}`);
    const otherSession = asHeaders(second.json());
    expect((await inject(otherSession, 'GET', '/api/users/me')).statusCode).toBe(200);

    await inject(member, 'POST', '/api/users/me/password', {
      new_password: 'my very first password',
    });

    expect((await inject(otherSession, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await inject(member, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('refuses a current password given when there is none, and sets nothing', async () => {
    const member = await providerMember('gives_a_password');

    const refused = await inject(member, 'POST', '/api/users/me/password', {
      current_password: 'a guess',
      new_password: 'my very first password',
    });

    expect(refused.json()).toEqual({
      success: false,
      code: 'WRONG_PASSWORD',
      message: 'Current password is incorrect',
    });
    expect((await inject(member, 'GET', '/api/users/me')).json().data.has_password).toBe(false);
  });

  it('deletes their account with their username, in any case', async () => {
    const member = await providerMember('deletes_by_name');

    const deleted = await deleteWith(member, { username: 'Deletes_By_NAME' });

    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
    expect(await profileStatus(member.id)).toBe(404);
    expect((await inject(member, 'GET', '/api/users/me')).statusCode).toBe(401);
  });

  it.each([
    ['another username', { username: 'someone_else' }],
    ['no username', {}],
    ['an empty username', { username: '' }],
    ['no body', undefined],
  ])('refuses %s with WRONG_USERNAME and deletes nothing', async (_case, payload) => {
    const member = await providerMember(`kept_${logins + 1}`);

    const refused = await deleteWith(member, payload);

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      code: 'WRONG_USERNAME',
      message: 'That is not your username.',
    });
    expect(await profileStatus(member.id)).toBe(200);
    expect((await inject(member, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('refuses a password given when there is none, even with the right username', async () => {
    const member = await providerMember('password_and_name');

    const refused = await deleteWith(member, {
      password: 'a guess',
      username: 'password_and_name',
    });

    expect(refused.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await profileStatus(member.id)).toBe(200);
  });

  it('needs the password once they have set one: the username alone no longer deletes', async () => {
    const member = await providerMember('set_then_delete');
    await inject(member, 'POST', '/api/users/me/password', {
      new_password: 'my very first password',
    });

    const byName = await deleteWith(member, { username: 'set_then_delete' });

    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password', message: 'Password is required' }],
    });
    expect(await profileStatus(member.id)).toBe(200);
    const byPassword = await deleteWith(member, { password: 'my very first password' });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
  });

  // The other side of the rule: a member with a password is asked for it, whatever else they send.
  it('refuses the username alone from a member who has a password', async () => {
    const member = await registerMember(testbed.app);

    for (const payload of [
      { username: member.username },
      { username: member.username, password: 'not my password' },
    ]) {
      const refused = await testbed.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: member.headers,
        payload,
      });
      expect(refused.statusCode).toBe(400);
    }
    const me = await testbed.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: member.headers,
    });
    expect(me.statusCode).toBe(200);
  });

  it('still asks a member who has a password for it to change it', async () => {
    const member = await registerMember(testbed.app);

    const refused = await testbed.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: member.headers,
      payload: { new_password: 'a fresh passphrase' },
    });

    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: 'Password is required' }],
    });
    const signIn = await testbed.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

function asHeaders(body: { data: { token: string } }) {
  return { headers: { authorization: `Bearer ${body.data.token}` } };
}
