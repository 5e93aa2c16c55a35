import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithApp } from '../mastodon/sign-in.js';
import { registerMember, type TestMember } from '../members.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// api.md: remote members and their whisps "appear in Whisp's own API" and Mastodon apps see
// them as Mastodon shows them: a remote status keeps its id and page on its server, its HTML,
// and its mentions carry their host. Read through masto.js, an independent Mastodon client.
describe('a whisp of another server through the Mastodon client API', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let bob: TestMember;
  let masto: mastodon.rest.Client;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    alice = await registerMember(north.app, { username: 'alice' });
    bob = await registerMember(south.app, { username: 'bob' });
    await registerMember(south.app, { username: 'carol' });
    const { accessToken } = await signInWithApp(south.url, bob);
    masto = createRestAPIClient({ url: south.url, accessToken });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  it('keeps its uri, page and HTML, and names mentioned members with their host', async () => {
    const found = await south.app.inject({
      method: 'GET',
      url: `/api/users/lookup?acct=alice@${north.host}`,
      headers: bob.headers,
    });
    const aliceOnSouth: string = found.json().data.id;
    await south.app.inject({
      method: 'POST',
      url: `/api/users/${aliceOnSouth}/follow`,
      headers: bob.headers,
    });
    await south.settled();
    await eventually(async () => {
      const profile = await south.app.inject({
        method: 'GET',
        url: `/api/users/${aliceOnSouth}`,
        headers: bob.headers,
      });
      expect(profile.json().data.is_following).toBe(true);
    });

    // North has never heard of carol: her handle is looked up as the whisp is written.
    const posted = await north.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: { content: `Hello @carol@${south.host}, see https://example.com #fediverse` },
    });
    expect(posted.statusCode).toBe(201);
    const postId: string = posted.json().data.id;
    await north.settled();

    const status = await eventually(async () => {
      const home = await masto.v1.timelines.home.list({ limit: 20 });
      const found = home.find((each) => each.account.acct === `alice@${north.host}`);
      expect(found).toBeDefined();
      return found as mastodon.v1.Status;
    });
    expect(status.uri).toBe(`${north.url}/users/alice/whisps/${postId}`);
    expect(status.url).toBe(`${north.url}/whisp/${postId}`);
    expect(status.account.url).toBe(`${north.url}/user/alice`);
    // Its HTML as its server wrote it (sanitised here): the link and the hashtag stay links.
    expect(status.content).toContain('href="https://example.com"');
    expect(status.content).toContain('#<span>fediverse</span>');
    expect(status.mentions).toEqual([
      {
        id: expect.any(String),
        username: 'carol',
        acct: 'carol',
        url: `${south.url}/user/carol`,
      },
    ]);
    expect(status.mentions[0]?.id).toBe((await masto.v1.accounts.lookup({ acct: 'carol' })).id);

    // Bob's own status naming alice: the mention has her host and her page on her server.
    const own = await masto.v1.statuses.create({ status: `Welcome @alice@${north.host}` });
    expect(own.mentions).toEqual([
      {
        id: status.account.id,
        username: 'alice',
        acct: `alice@${north.host}`,
        url: `${north.url}/user/alice`,
      },
    ]);
    const reread = await masto.v1.statuses.$select(own.id).fetch();
    expect(reread.mentions.map((mention) => mention.acct)).toEqual([`alice@${north.host}`]);
  });
});
