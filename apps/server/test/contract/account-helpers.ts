import { expect, vi } from 'vitest';
import { type Member, ok, type ReceivedMail, type Target } from './target.js';

export const RESET_REQUESTED =
  'If an account exists for that email, we sent a link to reset its password.';
export const RESET_DONE = 'Your password has been reset. Please sign in.';
export const RESET_INVALID = 'This reset link is invalid or has expired.';
export const INVALID_SESSION = 'Your session has expired or is invalid. Please sign in again.';

/** Waits until `count` mails have reached the address (the server sends from a queue). */
export async function mailsTo(target: Target, address: string, count: number) {
  return vi.waitFor(
    async () => {
      const mails = await target.mailTo(address);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${address}`);
      return mails;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The token of a reset mail's link (`…/reset-password?token=<token>`). */
export function tokenOf(mail: ReceivedMail) {
  const match = /\/reset-password\?token=([^\s"'<>&]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

export async function requestReset(target: Target, email: string) {
  const body = ok(
    await target.call('POST', '/api/auth/password-reset/request', { json: { email } }),
  );
  expect(body).toEqual({ success: true, message: RESET_REQUESTED });
}

/** Asks for a reset link and returns its token, once the `nth` mail to the member arrived. */
export async function resetToken(target: Target, member: Member, nth = 1) {
  await requestReset(target, member.email);
  const mails = await mailsTo(target, member.email, nth);
  return tokenOf(mails[nth - 1] as ReceivedMail);
}

export async function signIn(
  target: Target,
  member: Member,
  password = member.password,
  userAgent?: string,
) {
  return target.call('POST', '/api/auth/login', {
    json: { email: member.email, password },
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
}

/** Whether a token still opens the member's account. */
export async function statusOfToken(target: Target, token: string) {
  return (await target.call('GET', '/api/users/me', { token })).status;
}
