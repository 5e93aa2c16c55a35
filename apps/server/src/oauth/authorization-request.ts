import { OAUTH_OUT_OF_BAND, type OauthAuthorizationQuery } from '@whisp/api-client/contract';
import { parseScopes, scopesWithin } from '@whisp/api-client/contract/mastodon';
import type { OauthApp, OauthAppsRepository } from '../db/repositories/oauth-apps.js';
import { apiError } from '../http/api-error.js';

// What an app asks for when it sends a member to the consent page (RFC 6749 4.1.1, RFC 7636 4.3),
// checked in one place for the page's question, its decision and the page's own security policy.

/** An authorization request found sound: the app, where the member returns, and what it asks. */
export interface AuthorizationRequest {
  app: OauthApp;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  outOfBand: boolean;
}

/** BASE64URL(SHA-256(verifier)) is always 43 characters (RFC 7636 4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The app and the redirect URI the request names, or undefined: checked first, since until they
 * hold nothing can be sent back to the app. A missing redirect URI means the app's only one.
 */
export async function findClient(
  apps: Pick<OauthAppsRepository, 'findByClientId'>,
  query: Pick<OauthAuthorizationQuery, 'client_id' | 'redirect_uri'>,
) {
  const app = query.client_id ? await apps.findByClientId(query.client_id) : undefined;
  if (!app) return { problem: 'oauthUnknownApp' as const, app: undefined };
  const redirectUri =
    query.redirect_uri ?? (app.redirect_uris.length === 1 ? app.redirect_uris[0] : undefined);
  // Compared exactly (RFC 6749 3.1.2.3; OAuth 2.1 forbids any looser match).
  if (redirectUri === undefined || !app.redirect_uris.includes(redirectUri)) {
    return { problem: 'oauthRedirectMismatch' as const, app };
  }
  return { problem: undefined, app, redirectUri };
}

/** The request checked whole, or the ApiError the consent page shows. */
export async function checkAuthorizationRequest(
  apps: Pick<OauthAppsRepository, 'findByClientId'>,
  query: OauthAuthorizationQuery,
): Promise<AuthorizationRequest> {
  const client = await findClient(apps, query);
  if (client.problem !== undefined) throw apiError(client.problem);
  if (query.response_type !== 'code') throw apiError('oauthUnsupportedResponseType');
  const asked = parseScopes(query.scope);
  if ('unknown' in asked || !scopesWithin(asked.scopes, client.app.scopes)) {
    throw apiError('oauthInvalidScope');
  }
  const method = query.code_challenge_method;
  const challenge = query.code_challenge;
  // Only S256: "plain" (the default when no method is named) would hand the verifier over.
  if (
    (method !== undefined && method !== 'S256') ||
    (challenge !== undefined && (method !== 'S256' || !S256_CHALLENGE.test(challenge))) ||
    (method !== undefined && challenge === undefined)
  ) {
    throw apiError('oauthInvalidCodeChallenge');
  }
  return {
    app: client.app,
    redirectUri: client.redirectUri,
    scopes: asked.scopes,
    state: query.state ?? null,
    codeChallenge: challenge ?? null,
    outOfBand: client.redirectUri === OAUTH_OUT_OF_BAND,
  };
}
