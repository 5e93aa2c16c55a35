import * as client from 'openid-client';
import type { ProviderClaims } from './claims.js';
import type { OidcProviderConfig } from './provider-config.js';

/** What the members ask of a provider: an OpenID sign-in with a name and an address. */
const SCOPE = 'openid profile email';
/** A provider slower than this is down as far as a person waiting on a redirect can tell. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Why a provider's answer did not sign anyone in; each becomes an error of the contract. */
export type ProviderFailure = 'unavailable' | 'cancelled' | 'invalid' | 'expired';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What a sign-in needs to check the provider's answer at the callback. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderRegistry {
  /** Every configured provider, in the operator's order. */
  list(): readonly OidcProviderConfig[];
  find(id: string): OidcProviderConfig | undefined;
  /** Where this provider sends the browser back: registered at the provider by the operator. */
  callbackUrl(id: string): string;
  /** The provider's authorization URL for a new flow (discovering the provider if need be). */
  authorizationUrl(provider: OidcProviderConfig, secrets: FlowSecrets): Promise<URL>;
  /**
   * Checks the provider's answer at the callback (state, iss, the code exchanged with the PKCE
   * verifier, the ID token's signature, issuer, audience, expiry and nonce) and returns the
   * account's claims. Throws ProviderError.
   */
  redeem(
    provider: OidcProviderConfig,
    callbackQuery: URLSearchParams,
    secrets: FlowSecrets,
  ): Promise<ProviderClaims>;
}

/**
 * The configured providers, each discovered at its first use rather than at start: a provider
 * that is down must not keep Whisp from starting, and one that comes back is discovered again
 * (a failed discovery is not kept).
 */
export function createProviderRegistry(
  providers: readonly OidcProviderConfig[],
  publicUrl: string,
): ProviderRegistry {
  const discovered = new Map<string, Promise<client.Configuration>>();

  function configurationOf(provider: OidcProviderConfig) {
    let configuration = discovered.get(provider.id);
    if (!configuration) {
      configuration = discover(provider);
      discovered.set(provider.id, configuration);
      configuration.catch(() => discovered.delete(provider.id));
    }
    return configuration;
  }

  const callbackUrl = (id: string) =>
    `${publicUrl}/api/auth/oidc/${encodeURIComponent(id)}/callback`;

  return {
    list: () => providers,
    find: (id) => providers.find((provider) => provider.id === id),
    callbackUrl,

    async authorizationUrl(provider, secrets) {
      const configuration = await configurationOf(provider);
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(provider.id),
        scope: SCOPE,
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async redeem(provider, callbackQuery, secrets) {
      const configuration = await configurationOf(provider);
      // openid-client reads the redirect_uri it sends with the code from this URL, less its query.
      const currentUrl = new URL(callbackUrl(provider.id));
      for (const [name, value] of callbackQuery) currentUrl.searchParams.append(name, value);
      try {
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          pkceCodeVerifier: secrets.codeVerifier,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new ProviderError('invalid', 'The provider sent no ID token');
        const claims: ProviderClaims = { ...idToken, sub: idToken.sub };
        if (hasProfile(claims) || !configuration.serverMetadata().userinfo_endpoint) return claims;
        // Many providers keep the name and address out of the ID token and serve them at
        // UserInfo, for the same subject (openid-client checks that it is).
        const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        return { ...claims, ...pickProfile(userInfo), sub: claims.sub };
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
}

const PROFILE_CLAIMS = ['email', 'email_verified', 'name', 'preferred_username', 'nickname'];

function hasProfile(claims: object) {
  return PROFILE_CLAIMS.some((claim) => claim in claims);
}

function pickProfile(claims: Record<string, unknown>) {
  return Object.fromEntries(
    PROFILE_CLAIMS.filter((claim) => claim in claims).map((claim) => [claim, claims[claim]]),
  );
}

async function discover(provider: OidcProviderConfig) {
  try {
    return await client
      .discovery(
        new URL(provider.issuer),
        provider.client_id,
        { client_secret: provider.client_secret },
        undefined,
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // The configuration allows http:// only on a loopback address (provider-config.ts).
          execute:
            new URL(provider.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        },
      )
      .then(withClientAuthentication(provider));
  } catch (error) {
    throw asProviderError(error, 'unavailable');
  }
}

/**
 * HTTP Basic when the provider takes it (the default of OpenID Connect, and of Keycloak,
 * Authentik and GitLab), the secret in the form otherwise.
 */
function withClientAuthentication(provider: OidcProviderConfig) {
  return (discovered: client.Configuration) => {
    const metadata = discovered.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const authentication = methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(provider.client_secret)
      : client.ClientSecretPost(provider.client_secret);
    const configuration = new client.Configuration(
      metadata,
      provider.client_id,
      { client_secret: provider.client_secret },
      authentication,
    );
    if (new URL(provider.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
    // The ID token's signature is checked against the provider's published keys too, not only
    // trusted for arriving over TLS (openid-client's default): a token is never taken on the
    // word of the connection alone.
    client.enableNonRepudiationChecks(configuration);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    return configuration;
  };
}

// Failures that say the provider could not be reached or answered nothing usable, as opposed to
// an answer that was refused on inspection.
const UNREACHABLE_CODES = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

function asProviderError(error: unknown, otherwise: ProviderFailure = 'invalid'): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof client.AuthorizationResponseError) {
    // The provider answered the authorization with an error (the person refused, or cancelled).
    return new ProviderError('cancelled', message, { cause: error });
  }
  if (error instanceof client.ResponseBodyError) {
    if (error.status >= 500) return new ProviderError('unavailable', message, { cause: error });
    // An authorization code used or expired at the provider.
    if (error.error === 'invalid_grant')
      return new ProviderError('expired', message, { cause: error });
    return new ProviderError('invalid', message, { cause: error });
  }
  // fetch() fails with a TypeError ("fetch failed") when nothing answers at the address.
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return new ProviderError('unavailable', message, { cause: error });
  }
  if (error instanceof client.ClientError && UNREACHABLE_CODES.has(error.code ?? '')) {
    return new ProviderError('unavailable', message, { cause: error });
  }
  return new ProviderError(otherwise, message, { cause: error });
}
