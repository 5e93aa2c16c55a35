import { OIDC_FLOW_TTL_SECONDS } from '@whisp/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { createSessionToken, hashSessionToken } from '../auth/tokens.js';
import type { OidcFlowsRepository } from '../db/repositories/oidc-flows.js';
import { OIDC_BROWSER_COOKIE, readCookie, setCookie } from './cookies.js';
import type { OidcProviderConfig } from './provider-config.js';
import type { ProviderRegistry } from './providers.js';

// createSessionToken's shape: 32 random bytes in base64url.
const BROWSER_BINDING = /^[A-Za-z0-9_-]{43}$/;

export interface BeginFlowOptions {
  providers: ProviderRegistry;
  oidcFlows: OidcFlowsRepository;
  /** Cookies are Secure when members reach Whisp over https. */
  secureCookies: boolean;
}

/**
 * Starts a sign-in (`userId` null) or a connection from Settings: a fresh state, nonce and PKCE
 * verifier kept in the database (by the state's hash), the browser bound to it by a cookie, and
 * the provider's URL to send the browser to. Throws ProviderError when the provider cannot be
 * discovered (nothing is stored then).
 */
export async function beginFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OidcProviderConfig,
  userId: string | null,
  { providers, oidcFlows, secureCookies }: BeginFlowOptions,
): Promise<URL> {
  const secrets = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = await providers.authorizationUrl(provider, secrets);
  // One binding per browser, kept while it lasts, so two tabs signing in at once both finish.
  const existing = readCookie(request, OIDC_BROWSER_COOKIE);
  const browser = existing && BROWSER_BINDING.test(existing) ? existing : createSessionToken();
  await oidcFlows.start({
    stateHash: hashSessionToken(secrets.state),
    browserHash: hashSessionToken(browser),
    provider: provider.id,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    userId,
    expiresAt: new Date(Date.now() + OIDC_FLOW_TTL_SECONDS * 1000),
  });
  setCookie(reply, OIDC_BROWSER_COOKIE, browser, {
    maxAgeSeconds: OIDC_FLOW_TTL_SECONDS,
    secure: secureCookies,
  });
  return url;
}
