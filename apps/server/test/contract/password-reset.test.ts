import { describe, expect, it } from 'vitest';
import {
  INVALID_SESSION,
  mailsTo,
  RESET_DONE,
  RESET_INVALID,
  requestReset,
  resetToken,
  signIn,
  statusOfToken,
  tokenOf,
} from './account-helpers.js';
import {
  expectError,
  expectInvalid,
  ok,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
} from './target.js';

const NEW_PASSWORD = 'a brand new passphrase';

const confirm = (target: Target, json: unknown) =>
  target.call('POST', '/api/auth/password-reset/confirm', { json });

// Every request of this block comes from one client address: fewer than its 20 an hour.
describe.each(TARGETS)('password reset (%s)', (name) => {
  const target = useTarget(name);

  it('answers the same for an account and for an address nobody has, and mails only the account', async () => {
    const nobody = `${uniqueWord('nobody')}@example.com`;
    await requestReset(target, nobody);
    const member = await signUp(target);
    await requestReset(target, member.email.toUpperCase());

    const [mail] = await mailsTo(target, member.email, 1);
    expect(mail?.subject).toBe('Reset your Whisp password');
    expect(mail?.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43,}/);
    expect(mail?.html).toContain('/reset-password?token=');
    expect(await target.mailTo(nobody)).toEqual([]);
  });

  it('refuses a missing or malformed email with the sign-up messages', async () => {
    const path = '/api/auth/password-reset/request';
    expectInvalid(await target.call('POST', path, { json: {} }), 'email', 'Email is required');
    expectInvalid(
      await target.call('POST', path, { json: { email: 'not an address' } }),
      'email',
      'Please enter a valid email address',
    );
  });

  it('sets the new password and ends every session of the member', async () => {
    const member = await signUp(target);
    const other = ok(await signIn(target, member)).data.token as string;
    const token = await resetToken(target, member);

    expect(ok(await confirm(target, { token, password: NEW_PASSWORD }))).toEqual({
      success: true,
      message: RESET_DONE,
    });

    for (const ended of [member.token, other]) {
      expectError(
        await target.call('GET', '/api/users/me', { token: ended }),
        401,
        'INVALID_TOKEN',
        INVALID_SESSION,
      );
    }
    expect((await signIn(target, member)).status).toBe(401);
    expect((await signIn(target, member, NEW_PASSWORD)).status).toBe(200);
  });

  it('takes a link once', async () => {
    const member = await signUp(target);
    const token = await resetToken(target, member);
    ok(await confirm(target, { token, password: NEW_PASSWORD }));

    const again = await confirm(target, { token, password: 'yet another passphrase' });
    expectError(again, 400, 'RESET_TOKEN_INVALID', RESET_INVALID);
    expect((await signIn(target, member, NEW_PASSWORD)).status).toBe(200);
  });

  it('voids the older link when a newer one is asked for', async () => {
    const member = await signUp(target);
    const older = await resetToken(target, member, 1);
    const newer = await resetToken(target, member, 2);
    expect(newer).not.toBe(older);

    expectError(
      await confirm(target, { token: older, password: NEW_PASSWORD }),
      400,
      'RESET_TOKEN_INVALID',
      RESET_INVALID,
    );
    ok(await confirm(target, { token: newer, password: NEW_PASSWORD }));
  });

  it('refuses an unknown or missing token', async () => {
    for (const body of [
      { token: 'not-a-token-anyone-was-sent', password: NEW_PASSWORD },
      { password: NEW_PASSWORD },
    ]) {
      expectError(await confirm(target, body), 400, 'RESET_TOKEN_INVALID', RESET_INVALID);
    }
  });

  it('holds the new password to the sign-up rules, and the link still works after a refusal', async () => {
    const member = await signUp(target);
    const token = await resetToken(target, member);

    expectInvalid(
      await confirm(target, { token, password: 'short' }),
      'password',
      'Password must be at least 8 characters',
    );
    expectInvalid(await confirm(target, { token }), 'password', 'Password is required');
    expect(await statusOfToken(target, member.token)).toBe(200);
    ok(await confirm(target, { token, password: NEW_PASSWORD }));
  });
});

const RATE_LIMITED = 'Too many password reset requests. Please try again later.';

function expectLimited(answer: Awaited<ReturnType<Target['call']>>) {
  expectError(answer, 429, 'RATE_LIMITED', RATE_LIMITED);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

const ask = (target: Target, email: string) =>
  target.call('POST', '/api/auth/password-reset/request', { json: { email } });

describe.each(TARGETS)('password reset limit per email (%s)', (name) => {
  const target = useTarget(name);

  it('takes 5 requests an hour for one email, in any case, then answers 429 with Retry-After', async () => {
    const member = await signUp(target);
    for (let index = 0; index < 5; index += 1) {
      ok(await ask(target, index % 2 ? member.email.toUpperCase() : member.email));
    }
    expectLimited(await ask(target, member.email));
    // Another address is counted on its own.
    ok(await ask(target, `${uniqueWord('else')}@example.com`));
    // The mails of the five requests arrive; the refused one sent none.
    const mails = await mailsTo(target, member.email, 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await target.mailTo(member.email)).toHaveLength(mails.length);
    expect(mails.map(tokenOf)).toHaveLength(5);
  });
});

describe.each(TARGETS)('password reset limit per client address (%s)', (name) => {
  const target = useTarget(name);

  it('takes 20 requests an hour from one client address, whatever the emails, then answers 429', async () => {
    for (let index = 0; index < 20; index += 1) {
      ok(await ask(target, `${uniqueWord('many')}@example.com`));
    }
    expectLimited(await ask(target, `${uniqueWord('many')}@example.com`));
  });
});
