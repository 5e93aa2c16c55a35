// A real OpenID Connect provider on loopback, for tests of "Sign in with another account": the
// server's tests start it beside the app, and the end-to-end suite (apps/whisp/e2e/serve-built-app.mjs
// with E2E_OIDC=on) starts one for the browser to sign in at. It is oidc-provider, the certified
// Node implementation, with its development interactions: a login page that takes any login
// (it becomes the account's subject) and any password, then a consent page. Types:
// oidc-provider.d.mts.
//
// Plain ESM JavaScript on purpose, as server-process.mjs beside it: Playwright's web server runs
// under plain Node, without a TypeScript loader.
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import Provider from 'oidc-provider';

/**
 * Starts a provider on 127.0.0.1 (on `port`, or a free one) with one client registered for
 * `redirectUris`. `accounts` gives each login its claims (email, email_verified, name,
 * preferred_username, nickname); a login not there has `claimsOf(login)`, by default only its
 * subject.
 */
export async function startOidcProvider({
  port = 0,
  redirectUris,
  clientId = 'whisp',
  clientSecret = randomBytes(24).toString('base64url'),
  accounts = {},
  claimsOf = () => ({}),
  idTokenClaims = false,
} = {}) {
  if (!redirectUris?.length)
    throw new Error('startOidcProvider needs the redirectUris to register');
  const claimsByLogin = new Map(Object.entries(accounts));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  };
  let alterIdToken;

  // The issuer names its port, so the server listens first and the provider is made after.
  const { createServer } = await import('node:http');
  let handle = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${server.address().port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'nickname'],
    },
    // Off by default, as many providers keep the profile to UserInfo; on, the ID token has it.
    conformIdTokenClaims: !idTokenClaims,
    features: { devInteractions: { enabled: true } },
    // Lifetimes of its own (seconds), so it does not print a notice for each default it uses.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    // Whisp always sends a PKCE challenge: a provider that insists proves it does.
    pkce: { required: () => true },
    async findAccount(_context, sub) {
      return {
        accountId: sub,
        async claims() {
          return { ...(claimsByLogin.get(sub) ?? claimsOf(sub)), sub };
        },
      };
    },
  });
  // Tests that forge an ID token change the token endpoint's answer on its way out.
  provider.use(async (context, next) => {
    await next();
    if (alterIdToken && context.oidc?.route === 'token' && context.body?.id_token) {
      context.body = { ...context.body, id_token: alterIdToken(context.body.id_token) };
    }
  });
  const callback = provider.callback();
  handle = (request, response) => callback(request, response);

  return {
    issuer,
    clientId,
    clientSecret,
    /** An entry of WHISP_OIDC_PROVIDERS for this provider. */
    whispProvider(id = 'test', name = 'Test ID') {
      return { id, name, issuer, client_id: clientId, client_secret: clientSecret };
    },
    /** The claims the login `login` signs in with from now on. */
    setAccount(login, claims) {
      claimsByLogin.set(login, claims);
    },
    /** Every ID token the token endpoint issues passes through `alter` (undefined: none). */
    alterIdTokens(alter) {
      alterIdToken = alter;
    },
    async stop() {
      server.closeAllConnections?.();
      server.close();
      await once(server, 'close');
    },
  };
}

const decodeSegment = (segment) => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
const encodeSegment = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The token with its claims changed (`changes` merged in) and its signature kept: what someone
 * who intercepted a token and edited it would send.
 */
export function tamperedIdToken(idToken, changes) {
  const [header, payload, signature] = idToken.split('.');
  return [header, encodeSegment({ ...decodeSegment(payload), ...changes }), signature].join('.');
}

/**
 * The token's header and claims (with `changes`) signed again by a key the provider never
 * published, under the provider's key id: what someone who can make tokens but does not hold
 * the provider's key would send.
 */
export function resignedIdToken(idToken, changes = {}) {
  const [header, payload] = idToken.split('.');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = `${header}.${encodeSegment({ ...decodeSegment(payload), ...changes })}`;
  const signature = createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url');
  return `${body}.${signature}`;
}
