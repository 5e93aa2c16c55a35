import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: unguessable, and a session can be revoked only by knowing it or its row. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough here: the token has full entropy, unlike a password. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
