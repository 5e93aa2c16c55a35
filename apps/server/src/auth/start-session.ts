import type { SessionsRepository } from '../db/repositories/sessions.js';
import { createSessionToken, hashSessionToken } from './tokens.js';

/** What the answers that start a session say: a sign-in, and a sign-up. */
export const SESSION_MESSAGES = {
  signedIn: 'Signed in',
  accountCreated: 'Account created',
} as const;

/**
 * A new session, remembering the browser it started in (the member's sessions list): the one
 * way every sign-in makes one, with a password or with a provider.
 */
export async function startSession(
  sessions: SessionsRepository,
  userId: string,
  { lifetimeMs, userAgent }: { lifetimeMs: number; userAgent: string | undefined },
) {
  const token = createSessionToken();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await sessions.create(userId, hashSessionToken(token), expiresAt, userAgent);
  return token;
}
