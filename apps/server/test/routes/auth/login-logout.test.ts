import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../../src/auth/tokens.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

describe('sign-in and sign-out', () => {
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app, { email: 'Linus@Example.com' });
  });
  afterAll(() => testApp.close());

  const login = (payload: object) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  const me = (token: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });

  it('signs in with the right password, whatever the email case, and gives a working token', async () => {
    const response = await login({ email: ' linus@example.COM ', password: member.password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Signed in' });
    expect(body.data.user).toMatchObject({ id: member.id, email: 'Linus@Example.com' });
    expect((await me(body.data.token)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrongPassword = await login({ email: member.email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: member.password });

    const expected = {
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    };
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(expected);
  });

  it('asks for the email and the password with the spec messages', async () => {
    const response = await login({ email: ' ', password: '' });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('keeps only a hash of each token, with an expiry about 30 days out', async () => {
    const response = await login({ email: member.email, password: member.password });
    const token: string = response.json().data.token;

    const row = await testApp.database.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashSessionToken(token))
      .executeTakeFirstOrThrow();
    const rows = await testApp.database.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .execute();
    expect(rows.some((stored) => stored.token_hash.includes(token))).toBe(false);
    const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses an expired session', async () => {
    const response = await login({ email: member.email, password: member.password });
    const token: string = response.json().data.token;
    await testApp.database.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();

    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('signs out one session and leaves the member’s other sessions working', async () => {
    const phone = (await login({ email: member.email, password: member.password })).json().data
      .token;
    const laptop = (await login({ email: member.email, password: member.password })).json().data
      .token;

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${phone}` },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Signed out' });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('also ends the session named in the body, when it is the member’s own', async () => {
    const first = (await login({ email: member.email, password: member.password })).json().data
      .token;
    const second = (await login({ email: member.email, password: member.password })).json().data
      .token;
    expect((await me(second)).statusCode).toBe(200);

    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first}` },
      payload: { token: second },
    });

    expect((await me(second)).statusCode).toBe(401);
  });

  it('cannot sign another member out', async () => {
    const other = await registerMember(testApp.app);
    const mine = (await login({ email: member.email, password: member.password })).json().data
      .token;

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${mine}` },
      payload: { token: other.token },
    });

    expect(response.statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('refuses to sign out without a token', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'AUTHENTICATION_REQUIRED',
      message: 'Authentication required',
    });
  });

  it.each([
    ['an unknown token', 'Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['a malformed header', 'Token xyz'],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 INVALID_TOKEN', async (_, authorization) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: 'Your session has expired or is invalid. Please sign in again.',
    });
  });

  it('keeps sessions in the database: a new app on the same database still knows the token', async () => {
    const { buildApp } = await import('../../../src/app.js');
    const restarted = await buildApp({ config: testApp.config, database: testApp.database });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: member.headers,
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
