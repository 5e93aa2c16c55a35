// Types of oidc-provider.mjs (keep the two in step).

/** The claims a test account signs in with (its login is its subject). */
export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  nickname?: string;
}

export interface OidcProviderOptions {
  /** Default: a free port. */
  port?: number;
  /** Whisp's callback URLs for this provider (/api/auth/oidc/{id}/callback under its public URL). */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Each login's claims. */
  accounts?: Record<string, TestAccountClaims>;
  /** The claims of a login `accounts` does not name; default: none but its subject. */
  claimsOf?: (login: string) => TestAccountClaims;
  /** Whether the ID token carries the profile and email (by default only UserInfo does). */
  idTokenClaims?: boolean;
}

/** An entry of WHISP_OIDC_PROVIDERS. */
export interface WhispProviderEntry {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  clientSecret: string;
  whispProvider(id?: string, name?: string): WhispProviderEntry;
  setAccount(login: string, claims: TestAccountClaims): void;
  alterIdTokens(alter: ((idToken: string) => string) | undefined): void;
  stop(): Promise<void>;
}

export function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider>;

export function tamperedIdToken(idToken: string, changes: Record<string, unknown>): string;

export function resignedIdToken(idToken: string, changes?: Record<string, unknown>): string;
