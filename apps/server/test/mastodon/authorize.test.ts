import { createHash, randomBytes } from 'node:crypto';
import { ERRORS } from '@whisp/api-client/contract';
import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';

// A member authorizes a Mastodon app (Mastodon client API 1.2): the consent page's questions
// through Whisp's own API, its form post answered with a redirect, and the code exchanged by
// masto.js and megalodon as apps do, with and without PKCE.

const REDIRECT = 'https://app.example/callback';
const OOB = 'urn:ietf:wg:oauth:2.0:oob';

// biome-ignore lint/suspicious/noExplicitAny: answers are read as a client reads JSON; the tests assert their shape.
const read = async (response: Response): Promise<any> => response.json();

interface RegisteredApp {
  clientId: string;
  clientSecret: string;
}

describe('Mastodon apps: a member authorizes one', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let member: TestMember;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    member = await registerMember(server.app);
  });
  afterAll(() => server?.close());

  const registerApp = async (redirectUris = REDIRECT, scopes = 'read write follow') => {
    const app = await createRestAPIClient({ url: server.url }).v1.apps.create({
      clientName: 'Test app',
      redirectUris,
      scopes,
    });
    return { clientId: app.clientId ?? '', clientSecret: app.clientSecret ?? '' };
  };

  /** The consent page's question, as the web app asks it with the member's session. */
  const ask = (query: Record<string, string>, who = member) =>
    fetch(`${server.url}/api/oauth/authorization?${new URLSearchParams(query)}`, {
      headers: who.headers,
    });

  /** Authorize (or Deny) then post the ticket as the page's form does: the redirect's address. */
  const decide = async (
    query: Record<string, string>,
    decision: 'approve' | 'deny' = 'approve',
  ) => {
    const answer = await fetch(`${server.url}/api/oauth/authorization`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...query, decision }),
    });
    expect(answer.status).toBe(200);
    const { ticket } = (await read(answer)).data;
    return postTicket(ticket);
  };
  const postTicket = async (ticket: string) => {
    const redirect = await fetch(`${server.url}/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ticket }),
      redirect: 'manual',
    });
    expect(redirect.status).toBe(303);
    return new URL(redirect.headers.get('location') ?? '', server.url);
  };

  const codeQuery = (app: RegisteredApp, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: REDIRECT,
    scope: 'read write',
    state: 'opaque-state',
    ...extra,
  });

  it('names the app and what it asks for, then sends the member back with a code masto.js exchanges', async () => {
    const app = await registerApp();
    const question = await ask(codeQuery(app));
    expect(question.status).toBe(200);
    expect((await read(question)).data).toEqual({
      app: { id: expect.any(String), name: 'Test app', website: null },
      scopes: ['read', 'write'],
      redirect_uri: REDIRECT,
      out_of_band: false,
    });

    const back = await decide(codeQuery(app));
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('opaque-state');
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const oauth = createOAuthAPIClient({ url: server.url });
    const token = await oauth.token.create({
      grantType: 'authorization_code',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redirectUri: REDIRECT,
      code,
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read write' });
    expect(typeof token.createdAt).toBe('number');

    // A code is good once.
    await expect(
      oauth.token.create({
        grantType: 'authorization_code',
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        redirectUri: REDIRECT,
        code,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'invalid_grant' });

    // The token is the app's, for the Mastodon API: Whisp's own API refuses it.
    const own = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${token.accessToken}` },
    });
    expect(own.status).toBe(401);
    expect((await read(own)).code).toBe(ERRORS.invalidSession.code);

    // Settings lists the app, not the browser sessions.
    const apps = await fetch(`${server.url}/api/users/me/apps`, { headers: member.headers });
    expect((await read(apps)).data).toEqual([
      {
        id: expect.any(String),
        name: 'Test app',
        website: null,
        scopes: ['read', 'write'],
        authorized_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    const sessions = await fetch(`${server.url}/api/users/me/sessions`, {
      headers: member.headers,
    });
    expect((await read(sessions)).data).toHaveLength(1);
  });

  it('shows an out-of-band app’s code on Whisp’s own page, which megalodon exchanges', async () => {
    const client = generator('mastodon', server.url);
    const registered = await client.registerApp('Megalodon app', {
      scopes: ['read'],
      redirect_uris: OOB,
    });
    const back = await decide({
      response_type: 'code',
      client_id: registered.client_id,
      scope: 'read',
    });
    expect(back.pathname).toBe('/oauth/authorize/native');
    const code = back.searchParams.get('code') ?? '';
    const token = await client.fetchAccessToken(
      registered.client_id,
      registered.client_secret,
      code,
    );
    expect(token.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.scope).toBe('read');
  });

  it('exchanges a PKCE code with the verifier alone, and refuses a wrong verifier', async () => {
    const app = await registerApp();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };

    const exchange = (code: string, fields: Record<string, string>) =>
      fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: app.clientId,
          redirect_uri: REDIRECT,
          ...fields,
        }),
      });

    const wrong = await exchange(
      (await decide(codeQuery(app, pkce))).searchParams.get('code') ?? '',
      { code_verifier: randomBytes(32).toString('base64url') },
    );
    expect(wrong.status).toBe(400);
    expect(await read(wrong)).toEqual({
      error: 'invalid_grant',
      error_description: MASTODON_MESSAGES.codeVerifierMismatch,
    });

    const right = await exchange(
      (await decide(codeQuery(app, pkce))).searchParams.get('code') ?? '',
      { code_verifier: verifier },
    );
    expect(right.status).toBe(200);

    // Without PKCE, a code needs the app's secret.
    const secretless = await exchange(
      (await decide(codeQuery(app))).searchParams.get('code') ?? '',
      {},
    );
    expect(secretless.status).toBe(401);
    expect((await read(secretless)).error).toBe('invalid_client');
  });

  it('sends a denial back to the app with its state, and a used ticket to the expired page', async () => {
    const app = await registerApp();
    const back = await decide(codeQuery(app), 'deny');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('opaque-state');
    expect(back.searchParams.has('code')).toBe(false);

    const answer = await fetch(`${server.url}/api/oauth/authorization`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...codeQuery(app), decision: 'approve' }),
    });
    const { ticket } = (await read(answer)).data;
    expect((await postTicket(ticket)).searchParams.has('code')).toBe(true);
    const again = await postTicket(ticket);
    expect(again.pathname).toBe('/oauth/authorize/native');
    expect(again.searchParams.get('error')).toBe('expired');
  });

  it('refuses to ask about a request that cannot be authorized, saying why', async () => {
    const app = await registerApp(REDIRECT, 'read');
    const cases: [Record<string, string>, string][] = [
      [codeQuery({ clientId: 'nobody', clientSecret: '' }), ERRORS.oauthUnknownApp.code],
      [
        codeQuery(app, { redirect_uri: 'https://elsewhere.example/' }),
        ERRORS.oauthRedirectMismatch.code,
      ],
      [codeQuery(app, { scope: 'read' }), ''],
      [codeQuery(app, { scope: 'read write' }), ERRORS.oauthInvalidScope.code],
      [codeQuery(app, { scope: 'read launch:rockets' }), ERRORS.oauthInvalidScope.code],
      [
        codeQuery(app, { scope: 'read', response_type: 'token' }),
        ERRORS.oauthUnsupportedResponseType.code,
      ],
      [
        codeQuery(app, { scope: 'read', code_challenge: 'x'.repeat(43) }),
        ERRORS.oauthInvalidCodeChallenge.code,
      ],
      [
        codeQuery(app, {
          scope: 'read',
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'plain',
        }),
        ERRORS.oauthInvalidCodeChallenge.code,
      ],
    ];
    for (const [query, code] of cases) {
      const answer = await ask(query);
      if (code === '') {
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect((await read(answer)).code).toBe(code);
    }
    // Signed out, nothing is said about the app.
    const signedOut = await fetch(
      `${server.url}/api/oauth/authorization?${new URLSearchParams(codeQuery(app))}`,
    );
    expect(signedOut.status).toBe(401);
  });

  it('lets the consent page’s form end at the app’s own address, and only at a registered one', async () => {
    const formAction = async (query: Record<string, string>) => {
      const page = await fetch(`${server.url}/oauth/authorize?${new URLSearchParams(query)}`);
      const policy = page.headers.get('content-security-policy') ?? '';
      return /form-action ([^;]*)/.exec(policy)?.[1];
    };
    const web = await registerApp('https://app.example/callback');
    expect(await formAction(codeQuery(web))).toBe("'self' https://app.example");
    const phone = await registerApp('icecubesapp://');
    expect(
      await formAction(codeQuery(phone, { redirect_uri: 'icecubesapp://', scope: 'read' })),
    ).toBe("'self' icecubesapp:");
    expect(await formAction(codeQuery(web, { redirect_uri: 'https://attacker.example/' }))).toBe(
      "'self'",
    );
  });

  it('stops an app’s tokens when the member revokes it, or when the app revokes its own', async () => {
    const app = await registerApp();
    const exchange = async () => {
      const code = (await decide(codeQuery(app))).searchParams.get('code') ?? '';
      return createOAuthAPIClient({ url: server.url }).token.create({
        grantType: 'authorization_code',
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        redirectUri: REDIRECT,
        code,
      });
    };
    const listed = async () =>
      (
        (await read(
          await fetch(`${server.url}/api/users/me/apps`, { headers: member.headers }),
        )) as { data: { id: string; name: string }[] }
      ).data;

    const first = await exchange();
    await exchange();
    const before = await listed();
    const entry = before.find((connected) => connected.name === 'Test app');
    expect(entry).toBeDefined();

    // The app revokes one token of the member's it holds (RFC 7009); another app may not.
    const other = await registerApp();
    const refused = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ ...secretOf(other), token: first.accessToken }),
    });
    expect(refused.status).toBe(403);
    const revoked = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ ...secretOf(app), token: first.accessToken }),
    });
    expect(revoked.status).toBe(200);

    // The member revokes the app: all its tokens go, and it leaves the list.
    const removal = await fetch(`${server.url}/api/users/me/apps/${entry?.id}`, {
      method: 'DELETE',
      headers: member.headers,
    });
    expect(removal.status).toBe(200);
    expect((await read(removal)).message).toBe('Test app can no longer use your account');
    expect((await listed()).map((connected) => connected.id)).not.toContain(entry?.id);
    const again = await fetch(`${server.url}/api/users/me/apps/${entry?.id}`, {
      method: 'DELETE',
      headers: member.headers,
    });
    expect(again.status).toBe(404);
    const live = await server.database.kysely
      .selectFrom('sessions')
      .select('id')
      .where('app_id', '=', entry?.id ?? '')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('publishes the authorization server’s metadata, PKCE S256 included', async () => {
    const answer = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await read(answer)).toMatchObject({
      issuer: `${server.url}/`,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      app_registration_endpoint: `${server.url}/api/v1/apps`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: expect.arrayContaining([
        'read',
        'write',
        'follow',
        'push',
        'read:statuses',
      ]),
    });
  });

  const secretOf = (app: RegisteredApp) => ({
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
});
