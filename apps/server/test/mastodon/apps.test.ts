import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMastodonTestServer } from './server.js';

// App registration and app tokens (Mastodon client API 1.2), driven by masto.js and megalodon as
// apps use them, and by hand in the encodings other apps send (docs/mastodon-clients.md, 1.1).

const REDIRECT = 'https://app.example/callback';

describe('Mastodon apps: registration and their own tokens', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  const post = (
    path: string,
    body: string | URLSearchParams | undefined,
    headers: Record<string, string> = {},
  ) => fetch(`${server.url}${path}`, { method: 'POST', body, headers });
  const postJson = (path: string, body: object, headers: Record<string, string> = {}) =>
    post(path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

  beforeAll(async () => {
    server = await startMastodonTestServer();
  });
  afterAll(() => server?.close());

  it('registers an app through masto.js and keeps only a hash of its secret', async () => {
    const masto = createRestAPIClient({ url: server.url });
    const app = await masto.v1.apps.create({
      clientName: 'Masto app',
      redirectUris: REDIRECT,
      scopes: 'read write follow push',
      website: 'https://app.example',
    });
    expect(app).toMatchObject({
      name: 'Masto app',
      website: 'https://app.example',
      scopes: ['read', 'write', 'follow', 'push'],
      redirectUri: REDIRECT,
      redirectUris: [REDIRECT],
      clientSecretExpiresAt: 0,
    });
    expect(app.clientId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.database.kysely
      .selectFrom('oauth_apps')
      .selectAll()
      .where('client_id', '=', app.clientId ?? '')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(app.clientSecret);
  });

  it('registers an app through megalodon, which builds its authorize address from the answer', async () => {
    const client = generator('mastodon', server.url);
    const app = await client.registerApp('Megalodon app', {
      scopes: ['read', 'write'],
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
    });
    expect(app.client_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.redirect_uri).toBe('urn:ietf:wg:oauth:2.0:oob');
    const authorize = new URL(app.url ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${server.url}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(app.client_id);
  });

  it('reads a form, bracketed arrays and the query string alike', async () => {
    const form = new URLSearchParams([
      ['client_name', 'Form app'],
      ['redirect_uris[]', 'ivory://callback'],
      ['redirect_uris[]', 'com.tapbots.Ivory.10217:/request_token'],
      ['scopes', 'read write:statuses'],
    ]);
    const byForm = await post('/api/v1/apps', form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(byForm.status).toBe(200);
    expect(await byForm.json()).toMatchObject({
      name: 'Form app',
      redirect_uris: ['ivory://callback', 'com.tapbots.Ivory.10217:/request_token'],
      redirect_uri: 'ivory://callback\ncom.tapbots.Ivory.10217:/request_token',
      scopes: ['read', 'write:statuses'],
    });

    const query = new URLSearchParams({
      client_name: 'Query app',
      redirect_uris: 'http://127.0.0.1:8080/callback',
      scopes: 'read',
    });
    const byQuery = await post(`/api/v1/apps?${query}`, undefined);
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toMatchObject({
      name: 'Query app',
      redirect_uris: ['http://127.0.0.1:8080/callback'],
    });
  });

  it('refuses a redirect URI that could leak a code, an unknown scope and a missing name', async () => {
    const register = (fields: object) =>
      postJson('/api/v1/apps', { client_name: 'App', redirect_uris: REDIRECT, ...fields });
    for (const uri of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://app.example/callback',
      'https://app.example/callback#fragment',
      'no-scheme-here',
    ]) {
      const answer = await register({ redirect_uris: uri });
      expect(answer.status, uri).toBe(422);
      expect(await answer.json(), uri).toEqual({
        error: MASTODON_MESSAGES.redirectUriInvalid(uri),
      });
    }
    const unknownScope = await register({ scopes: 'read admin:everything' });
    expect(unknownScope.status).toBe(422);
    expect(await unknownScope.json()).toEqual({
      error: MASTODON_MESSAGES.unknownScope('admin:everything'),
    });
    const noName = await register({ client_name: '   ' });
    expect(await noName.json()).toEqual({ error: MASTODON_MESSAGES.appNameRequired });
    const missing = await postJson('/api/v1/apps', { redirect_uris: REDIRECT });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()) as object)).toEqual(['error']);
  });

  it('gives an app a token of its own (client_credentials), which it can verify and revoke', async () => {
    const masto = createRestAPIClient({ url: server.url });
    const app = await masto.v1.apps.create({
      clientName: 'Token app',
      redirectUris: REDIRECT,
      scopes: 'read write',
    });
    const oauth = createOAuthAPIClient({ url: server.url });
    const token = await oauth.token.create({
      grantType: 'client_credentials',
      clientId: app.clientId ?? '',
      clientSecret: app.clientSecret ?? '',
      // masto.js sends one with every grant; this grant has no use for it.
      redirectUri: REDIRECT,
      scope: 'read',
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read' });
    expect(Math.abs(token.createdAt - Date.now() / 1000)).toBeLessThan(60);

    const asApp = createRestAPIClient({ url: server.url, accessToken: token.accessToken });
    expect(await asApp.v1.apps.verifyCredentials()).toMatchObject({
      name: 'Token app',
      scopes: ['read', 'write'],
    });

    // Another app cannot revoke it; its own app can, and then it is refused.
    const other = await masto.v1.apps.create({
      clientName: 'Other',
      redirectUris: REDIRECT,
      scopes: 'read',
    });
    const stranger = await postJson('/oauth/revoke', {
      client_id: other.clientId,
      client_secret: other.clientSecret,
      token: token.accessToken,
    });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({
      error: 'unauthorized_client',
      error_description: MASTODON_MESSAGES.tokenNotYours,
    });
    await oauth.revoke({
      clientId: app.clientId ?? '',
      clientSecret: app.clientSecret ?? '',
      token: token.accessToken,
    });
    await expect(asApp.v1.apps.verifyCredentials()).rejects.toMatchObject({ statusCode: 401 });
    // Revoking again, or a token that never was, is no error (RFC 7009).
    const again = await postJson('/oauth/revoke', {
      client_id: app.clientId,
      client_secret: app.clientSecret,
      token: token.accessToken,
    });
    expect([again.status, await again.json()]).toEqual([200, {}]);
  });

  it('answers token requests with OAuth errors: wrong secret, unknown grant, scope beyond the app', async () => {
    const registered = (await (
      await postJson('/api/v1/apps', {
        client_name: 'Errors app',
        redirect_uris: REDIRECT,
        scopes: 'read',
      })
    ).json()) as { client_id: string; client_secret: string };
    const token = (fields: object, headers: Record<string, string> = {}) =>
      postJson(
        '/oauth/token',
        {
          grant_type: 'client_credentials',
          client_id: registered.client_id,
          client_secret: registered.client_secret,
          ...fields,
        },
        headers,
      );
    const wrongSecret = await token({ client_secret: 'wrong' });
    expect([wrongSecret.status, await wrongSecret.json()]).toEqual([
      401,
      { error: 'invalid_client', error_description: MASTODON_MESSAGES.clientAuthenticationFailed },
    ]);
    const unknownGrant = await token({ grant_type: 'password' });
    expect([unknownGrant.status, ((await unknownGrant.json()) as { error: string }).error]).toEqual(
      [400, 'unsupported_grant_type'],
    );
    const beyond = await token({ scope: 'read write' });
    expect([beyond.status, await beyond.json()]).toEqual([
      400,
      { error: 'invalid_scope', error_description: MASTODON_MESSAGES.scopeNotRegistered },
    ]);
    // HTTP Basic instead of the body (client_secret_basic), as a form.
    const basic = Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString(
      'base64',
    );
    const byBasic = await post(
      '/oauth/token',
      new URLSearchParams({ grant_type: 'client_credentials' }),
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(byBasic.status).toBe(200);
    expect(byBasic.headers.get('cache-control')).toBe('no-store');
    expect(await byBasic.json()).toMatchObject({ token_type: 'Bearer', scope: 'read' });
  });

  it('keeps Whisp’s own API on JSON: a form posted to it is refused', async () => {
    const answer = await post('/api/auth/login', new URLSearchParams({ email: 'a@b.c' }), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
  });
});
