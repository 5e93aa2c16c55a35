import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Accounts through the Mastodon client API (1.2), read by masto.js and megalodon with a member's
// token from the consent flow, and who may read them.

const MASTODON_ID = /^[1-9][0-9]{17}$/;

describe('Mastodon apps: accounts', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceToken: string;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app, { bio: 'Hello #whisp\nhttps://alice.example & <b>' });
    bob = await registerMember(server.app);
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
  });
  afterAll(() => server?.close());

  const get = (path: string, token?: string) =>
    fetch(`${server.url}${path}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it('gives masto.js the member’s own account, with numeric ids, absolute pictures and an HTML note', async () => {
    const masto = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    const me = await masto.v1.accounts.verifyCredentials();
    expect(me.id).toMatch(MASTODON_ID);
    expect(me).toMatchObject({
      username: alice.username,
      acct: alice.username,
      url: `${server.url}/user/${alice.username}`,
      displayName: expect.any(String),
      locked: false,
      bot: false,
      fields: [],
      emojis: [],
      statusesCount: 0,
      followersCount: 0,
      followingCount: 0,
      avatar: `${server.url}/avatars/original/missing.png`,
      header: `${server.url}/headers/original/missing.png`,
      source: { privacy: 'public', note: 'Hello #whisp\nhttps://alice.example & <b>' },
    });
    expect(me.note).toBe(
      `<p>Hello <a href="${server.url}/search?q=%23whisp" class="mention hashtag" rel="tag">#<span>whisp</span></a><br />` +
        '<a href="https://alice.example" rel="nofollow noopener noreferrer" target="_blank">https://alice.example</a> &amp; &lt;b&gt;</p>',
    );
    expect(me.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The stand-in picture is an image.
    const avatar = await fetch(me.avatar);
    expect(avatar.headers.get('content-type')).toBe('image/png');
  });

  it('finds another member by id and by username, through masto.js and megalodon', async () => {
    const masto = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    const found = await masto.v1.accounts.lookup({ acct: bob.username });
    expect(found.username).toBe(bob.username);
    const byId = await masto.v1.accounts.$select(found.id).fetch();
    expect(byId.id).toBe(found.id);
    const withHost = await masto.v1.accounts.lookup({
      acct: `${bob.username}@${new URL(server.url).host}`,
    });
    expect(withHost.id).toBe(found.id);

    const megalodon = generator('mastodon', server.url, aliceToken);
    const account = await megalodon.getAccount(found.id);
    expect(account.data.acct).toBe(bob.username);
    const own = await megalodon.verifyAccountCredentials();
    expect(own.data.username).toBe(alice.username);

    // Unknown, malformed, huge and remote ids and names are not found.
    for (const path of [
      '/api/v1/accounts/123456789012345678',
      '/api/v1/accounts/not-a-number',
      '/api/v1/accounts/99999999999999999999999',
      `/api/v1/accounts/lookup?acct=${bob.username}@elsewhere.example`,
      '/api/v1/accounts/lookup?acct=nobody_here',
    ]) {
      const answer = await get(path, aliceToken);
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ error: MASTODON_MESSAGES.recordNotFound });
    }
  });

  it('hides a member who blocked the reader, as Whisp’s own API does', async () => {
    const carol = await registerMember(server.app);
    const masto = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    const carolAccount = await masto.v1.accounts.lookup({ acct: carol.username });
    const blocked = await server.app.inject({
      method: 'POST',
      url: `/api/users/${alice.id}/block`,
      headers: carol.headers,
    });
    expect(blocked.statusCode).toBe(200);
    expect((await get(`/api/v1/accounts/${carolAccount.id}`, aliceToken)).status).toBe(404);
  });

  it('asks for a member’s token with the scope each route needs', async () => {
    // No token, a forged one, and the web app's own session: 401.
    for (const token of [undefined, 'A'.repeat(43), alice.token]) {
      const answer = await get('/api/v1/accounts/verify_credentials', token);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: MASTODON_MESSAGES.tokenInvalid });
    }
    // An app's own token has no member behind it: 422.
    const signedIn = await signInWithApp(server.url, alice, 'read');
    const appToken = await createOAuthAPIClient({ url: server.url }).token.create({
      grantType: 'client_credentials',
      clientId: signedIn.clientId,
      clientSecret: signedIn.clientSecret,
      redirectUri: 'https://app.example/callback',
      scope: 'read',
    });
    const appOnly = await get('/api/v1/accounts/verify_credentials', appToken.accessToken);
    expect(appOnly.status).toBe(422);
    expect(await appOnly.json()).toEqual({ error: MASTODON_MESSAGES.memberRequired });

    // `profile` reads the member's own account and nothing else.
    const profileOnly = (await signInWithApp(server.url, alice, 'profile')).accessToken;
    expect((await get('/api/v1/accounts/verify_credentials', profileOnly)).status).toBe(200);
    const outside = await get(`/api/v1/accounts/lookup?acct=${bob.username}`, profileOnly);
    expect(outside.status).toBe(403);
    expect(await outside.json()).toEqual({ error: MASTODON_MESSAGES.outsideScopes });
  });

  it('refuses a token at once when the member revokes its app in Settings', async () => {
    const { accessToken } = await signInWithApp(server.url, bob);
    expect((await get('/api/v1/accounts/verify_credentials', accessToken)).status).toBe(200);
    const apps = await server.app.inject({
      method: 'GET',
      url: '/api/users/me/apps',
      headers: bob.headers,
    });
    const [connected] = apps.json().data;
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/api/users/me/apps/${connected.id}`,
      headers: bob.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', accessToken)).status).toBe(401);
  });
});
