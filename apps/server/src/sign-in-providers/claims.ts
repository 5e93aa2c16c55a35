import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, type OidcNameClaims } from '@whisp/api-client/contract';
import type { NewMemberClaims } from '../db/schema.js';

/** The claims Whisp reads, from the ID token and, where it has none of them, UserInfo. */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  preferred_username?: unknown;
  nickname?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/**
 * The address only when the provider says it verified it (some send "true" as a string): an
 * unverified one proves nothing about who holds it, so it is neither stored nor matched.
 */
export function verifiedEmail(claims: ProviderClaims): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = text(claims.email) ?? '';
  if (!verified || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return null;
  return email;
}

/** What a new member's names are made from (the contract's usernameFromClaims and the rest). */
export function nameClaims(claims: ProviderClaims): OidcNameClaims {
  return {
    preferred_username: text(claims.preferred_username) ?? null,
    nickname: text(claims.nickname) ?? null,
    name: text(claims.name) ?? null,
    // Only its local part is read, for a username, so an unverified address may serve.
    email: text(claims.email) ?? null,
  };
}

export function newMemberClaims(claims: ProviderClaims): NewMemberClaims {
  return { subject: claims.sub, email: verifiedEmail(claims), names: nameClaims(claims) };
}
