import { describe, expect, it } from 'vitest';
import { INVALID_SESSION, signIn, statusOfToken } from './account-helpers.js';
import {
  expectError,
  expectInvalid,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
} from './target.js';

const NEW_PASSWORD = 'a fresh passphrase';

const change = (target: Target, token: string, json: unknown) =>
  target.call('POST', '/api/users/me/password', { token, json });

describe.each(TARGETS)('change password (%s)', (name) => {
  const target = useTarget(name);

  it('changes the password: the calling session stays, every other one ends', async () => {
    const member = await signUp(target);
    const other = ok(await signIn(target, member)).data.token as string;

    const body = ok(
      await change(target, member.token, {
        current_password: member.password,
        new_password: NEW_PASSWORD,
      }),
    );
    expect(body).toEqual({ success: true, message: 'Your password has been changed.' });

    expect(await statusOfToken(target, member.token)).toBe(200);
    expectError(
      await target.call('GET', '/api/users/me', { token: other }),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
    expect((await signIn(target, member)).status).toBe(401);
    expect((await signIn(target, member, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password with WRONG_PASSWORD and changes nothing', async () => {
    const member = await signUp(target);
    const other = ok(await signIn(target, member)).data.token as string;

    expectError(
      await change(target, member.token, {
        current_password: 'not the password',
        new_password: NEW_PASSWORD,
      }),
      400,
      'WRONG_PASSWORD',
      'Current password is incorrect',
    );
    expect(await statusOfToken(target, other)).toBe(200);
    expect((await signIn(target, member)).status).toBe(200);
  });

  it('holds the new password to the sign-up rules and asks for the current one', async () => {
    const member = await signUp(target);
    expectInvalid(
      await change(target, member.token, {
        current_password: member.password,
        new_password: 'short',
      }),
      'new_password',
      'Password must be at least 8 characters',
    );
    expectInvalid(
      await change(target, member.token, { current_password: member.password }),
      'new_password',
      'Password is required',
    );
    expectInvalid(
      await change(target, member.token, { new_password: NEW_PASSWORD }),
      'current_password',
      'Password is required',
    );
    expect((await signIn(target, member)).status).toBe(200);
  });

  it('needs a session', async () => {
    const answer = await target.call('POST', '/api/users/me/password', {
      json: { current_password: 'whatever it is', new_password: NEW_PASSWORD },
    });
    expectError(answer, 401, 'AUTHENTICATION_REQUIRED', 'Authentication required');
  });
});
