import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../../src/auth/tokens.js';
import { USER_AGENT_MAX_LENGTH } from '../../../src/db/repositories/sessions.js';
import { createTestApp, type TestApp, testConfig } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

describe('sessions on the server', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      config: {
        rateLimits: {
          ...testConfig().rateLimits,
          failedSignIns: { max: 3, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => testApp?.close());

  const sessionRow = (token: string) =>
    testApp.database.kysely
      .selectFrom('sessions')
      .select(['last_used_at', 'user_agent'])
      .where('token_hash', '=', hashSessionToken(token))
      .executeTakeFirstOrThrow();
  const setLastUsed = (token: string, at: Date) =>
    testApp.database.kysely
      .updateTable('sessions')
      .set({ last_used_at: at })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();
  const listSessions = (member: TestMember) =>
    testApp.app.inject({ method: 'GET', url: '/api/users/me/sessions', headers: member.headers });

  it('records when a session was used at most once a minute, not on every request', async () => {
    const member = await registerMember(testApp.app);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await setLastUsed(member.token, longAgo);

    expect((await listSessions(member)).statusCode).toBe(200);
    const written = (await sessionRow(member.token)).last_used_at;
    expect(Date.now() - written.getTime()).toBeLessThan(30_000);

    // Within the minute, further requests write nothing, even when the stored time is old.
    await setLastUsed(member.token, longAgo);
    for (let index = 0; index < 3; index += 1) await listSessions(member);
    expect((await sessionRow(member.token)).last_used_at).toEqual(longAgo);
    const listed = (await listSessions(member)).json().data[0];
    expect(listed.last_used_at).toBe(longAgo.toISOString());
  });

  it('keeps the browser a session signed in from, cut to a bounded length', async () => {
    const member = await registerMember(testApp.app);
    const long = `Mozilla/5.0 ${'x'.repeat(2_000)}`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': long },
      payload: { email: member.email, password: member.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await sessionRow(response.json().data.token);
    expect(row.user_agent).toBe(long.slice(0, USER_AGENT_MAX_LENGTH));
  });

  it('limits wrong current passwords like failed sign-ins: 429 with Retry-After, even for the right one', async () => {
    const member = await registerMember(testApp.app);
    const change = (current_password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: member.headers,
        payload: { current_password, new_password: 'a new passphrase' },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await change('not my password')).json().code).toBe('WRONG_PASSWORD');
    }
    const limited = await change(member.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many incorrect passwords. Please wait a few minutes and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed: the old password still signs in.
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
