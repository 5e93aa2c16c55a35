import { ERRORS, errorMessage } from './errors.js';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from './limits.js';
import { isReservedUsername, normaliseUsername, validateUsername } from './validation.js';

// Sign in with another account (1.2), zod-free so that the UI and the app can read it without
// loading the schemas: the flow's paths, cookie and lifetimes, the words of its buttons and
// answers, how a provider's claims become a new member's names, and how a failure that came back
// in the app's address reads. How the flow runs, and its schemas: endpoints/identities.ts.

/** The app's page that finishes a sign-in with a provider (a route of apps/whisp). */
export const OIDC_COMPLETE_PATH = '/auth/oidc';
/** Where a connection made from Settings lands. */
export const OIDC_CONNECTED_PATH = '/settings';
/** The cookie carrying the one-time ticket from the callback to /api/auth/oidc/complete. */
export const OIDC_TICKET_COOKIE = 'whisp_oidc_ticket';
/** How long a started flow, and a ticket, stay usable. */
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;
export const OIDC_TICKET_TTL_SECONDS = 2 * 60;

/** The words on a provider's button ("Continue with {name}"). */
export const continueWithLabel = (name: string) => `Continue with ${name}`;

/** The messages of the identity answers, written once for the server and the mocks. */
export const IDENTITY_MESSAGES = {
  disconnected: (name: string) => `${name} disconnected`,
  connected: (name: string) => `${name} connected`,
} as const;

/**
 * Where a browser starts signing in (or up) with a provider. The app's buttons are plain links
 * to it: the server answers with a redirect to the provider, which a fetch could not follow.
 */
export const oidcStartPath = (providerId: string) =>
  `/api/auth/oidc/${encodeURIComponent(providerId)}/start`;

/** The query parameters the server adds to OIDC_COMPLETE_PATH and OIDC_CONNECTED_PATH. */
export const OIDC_RETURN_PARAMS = {
  /** A failure's code (an ERRORS code, e.g. OIDC_CANCELLED). */
  error: 'error',
  /** The provider's id, with every failure, so that its message can name it. */
  provider: 'provider',
  /** The provider's id, after a connection from Settings succeeded. */
  connected: 'connected',
} as const;

/** `path?error=CODE&provider=id`: where the callback sends a browser after a failure. */
export function oidcFailureLocation(path: string, code: string, providerId: string): string {
  const search = new URLSearchParams({
    [OIDC_RETURN_PARAMS.error]: code,
    [OIDC_RETURN_PARAMS.provider]: providerId,
  });
  return `${path}?${search}`;
}

/** `OIDC_CONNECTED_PATH?connected=id`: where a connection made from Settings lands. */
export function oidcConnectedLocation(providerId: string): string {
  const search = new URLSearchParams({ [OIDC_RETURN_PARAMS.connected]: providerId });
  return `${OIDC_CONNECTED_PATH}?${search}`;
}

/** What the app's address says about a flow that just ended; null where it says nothing. */
export interface OidcReturn {
  error: string | null;
  provider: string | null;
  connected: string | null;
}

export function readOidcReturn(search: string | URLSearchParams): OidcReturn {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    error: params.get(OIDC_RETURN_PARAMS.error) || null,
    provider: params.get(OIDC_RETURN_PARAMS.provider) || null,
    connected: params.get(OIDC_RETURN_PARAMS.connected) || null,
  };
}

const failureMessages: Record<string, (providerName: string) => string> = {
  [ERRORS.oidcCancelled.code]: ERRORS.oidcCancelled.message,
  [ERRORS.oidcExpired.code]: () => ERRORS.oidcExpired.message,
  [ERRORS.oidcInvalid.code]: ERRORS.oidcInvalid.message,
  [ERRORS.oidcProviderDown.code]: ERRORS.oidcProviderDown.message,
  [ERRORS.oidcEmailInUse.code]: ERRORS.oidcEmailInUse.message,
  [ERRORS.oidcProviderNotFound.code]: () => ERRORS.oidcProviderNotFound.message,
  [ERRORS.identityTaken.code]: ERRORS.identityTaken.message,
  [ERRORS.accountSuspended.code]: () => ERRORS.accountSuspended.message,
  // Every 429 shares the code; the general sentence fits a sign-in and a connection alike.
  [ERRORS.tooManyRequests.code]: () => ERRORS.tooManyRequests.message,
};

/**
 * The sentence for a failure code that came back in the app's address (`?error=`), naming the
 * provider where the message does. A code this version does not know reads as the server's
 * general failure rather than as nothing.
 */
export function oidcFailureMessage(code: string, providerName: string): string {
  return failureMessages[code]?.(providerName) ?? errorMessage('internal');
}

/** The claims of an ID token (or of userinfo) that name a person. */
export interface OidcNameClaims {
  preferred_username?: string | null;
  nickname?: string | null;
  name?: string | null;
  email?: string | null;
}

const firstGiven = (...values: (string | null | undefined)[]) =>
  values.map((value) => value?.trim() ?? '').find((value) => value !== '');

const localPart = (email: string | null | undefined) => email?.split('@')[0];

/**
 * The username a new member is given without being asked: the provider's preferred_username
 * (else its nickname, else the email's local part) exactly as it came, when it is a valid
 * username nobody could take for staff. Null when it is not; then, and when it is taken, the
 * member chooses (409 OIDC_USERNAME_NEEDED).
 */
export function usernameFromClaims(claims: OidcNameClaims): string | null {
  const given = firstGiven(claims.preferred_username, claims.nickname, localPart(claims.email));
  if (given === undefined || validateUsername(given) || isReservedUsername(given)) return null;
  return normaliseUsername(given);
}

/**
 * Usernames to offer a new member who must choose, best first: the provider's name made valid
 * (accents dropped, any other character run as one underscore, cut to the limit), then with _2,
 * _3… up to `count` of them, never a reserved one. The answer offers the first nobody holds;
 * there is none when nothing of the name is left.
 */
export function* usernameSuggestions(claims: OidcNameClaims, count = 20): Generator<string> {
  const given = firstGiven(
    claims.preferred_username,
    claims.nickname,
    claims.name,
    localPart(claims.email),
  );
  const base = (given ?? '')
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base === '') return;
  for (let index = 1; index <= count; index += 1) {
    const suffix = index === 1 ? '' : `_${index}`;
    const candidate = `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!isReservedUsername(candidate)) yield candidate;
  }
}

/** A new member's display name: the provider's `name`, cut to the limit, else their username. */
export function displayNameFromClaims(claims: OidcNameClaims, username: string): string {
  const name = firstGiven(claims.name);
  return name ? Array.from(name).slice(0, DISPLAY_NAME_MAX_LENGTH).join('').trim() : username;
}
