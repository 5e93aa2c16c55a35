import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// api.md: "a silenced one's members reach only their followers here".
// Deliveries cross a queue and a second server: generous under a loaded machine.
describe('a silenced server', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let carol: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    alice = await registerMember(north.app, { username: 'alice' });
    carol = await registerMember(north.app, { username: 'carol' });
    bob = await registerMember(south.app, { username: 'bob' });
    await north.app.repositories.moderation.setRole(carol.id, 'moderator');
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  const publicContents = async (member: TestMember, path: string) => {
    const response = await north.app.inject({ method: 'GET', url: path, headers: member.headers });
    return (response.json().posts as { content: string }[]).map((post) => post.content);
  };

  it('reaches only its members’ followers here, until the silence is lifted', async () => {
    const bobOnNorth = await north.lookUp({ acct: `bob@${south.host}` });
    await north.app.inject({
      method: 'POST',
      url: `/api/users/${bobOnNorth}/follow`,
      headers: alice.headers,
    });
    await north.settled();
    await eventually(async () => {
      const follows = await south.database.kysely.selectFrom('follows').selectAll().execute();
      expect(follows).toHaveLength(1);
    });
    await south.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bob.headers,
      payload: { content: 'News from the south' },
    });
    await south.settled();
    await eventually(async () =>
      expect(await publicContents(carol, '/api/posts/public')).toContain('News from the south'),
    );

    const silenced = await north.app.inject({
      method: 'PUT',
      url: `/api/moderation/instances/${encodeURIComponent(south.host)}`,
      headers: carol.headers,
      payload: { policy: 'silence', reason: 'Too loud' },
    });
    expect(silenced.statusCode).toBe(200);
    expect(await publicContents(carol, '/api/posts/public')).not.toContain('News from the south');
    expect(await publicContents(alice, '/api/posts/following')).toContain('News from the south');

    await north.app.inject({
      method: 'DELETE',
      url: `/api/moderation/instances/${encodeURIComponent(south.host)}`,
      headers: carol.headers,
    });
    expect(await publicContents(carol, '/api/posts/public')).toContain('News from the south');
  });

  it('notifies only its members’ followers here: a follow or like of anyone else is not heard', async () => {
    const silenced = await north.app.inject({
      method: 'PUT',
      url: `/api/moderation/instances/${encodeURIComponent(south.host)}`,
      headers: carol.headers,
      payload: { policy: 'silence', reason: 'Too loud' },
    });
    expect(silenced.statusCode).toBe(200);
    const southCall = async (method: 'GET' | 'POST', url: string) =>
      (await south.app.inject({ method, url, headers: bob.headers })).json();
    // Alice follows bob (the test above); carol does not. Bob follows both.
    for (const member of [alice, carol]) {
      const found = await southCall(
        'GET',
        `/api/users/lookup?acct=${member.username}@${north.host}`,
      );
      await southCall('POST', `/api/users/${found.data.id}/follow`);
    }
    await south.settled();
    // Both accepted: north has recorded the follows its members' whisps are delivered by.
    await eventually(async () => {
      const following = await southCall('GET', `/api/users/${bob.id}/following`);
      expect(following.data).toHaveLength(2);
    });
    const posted = new Map<string, string>();
    for (const member of [alice, carol]) {
      const response = await north.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: member.headers,
        payload: { content: `A whisp by ${member.username}` },
      });
      posted.set(member.username, response.json().data.id);
    }
    await north.settled();
    const whispsOnSouth = await eventually(async () => {
      const feed = await southCall('GET', '/api/posts/following');
      const whisps = (feed.posts as { id: string; content: string }[]).filter((post) =>
        post.content.startsWith('A whisp by'),
      );
      expect(whisps).toHaveLength(2);
      return whisps;
    });
    for (const whisp of whispsOnSouth) await southCall('POST', `/api/posts/${whisp.id}/like`);
    await south.settled();

    const notificationsOf = async (member: TestMember) => {
      const response = await north.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: member.headers,
      });
      return (response.json().data.notifications as { notification_type: string }[])
        .map((notification) => notification.notification_type)
        .sort();
    };
    await eventually(async () => expect(await notificationsOf(alice)).toEqual(['follow', 'like']));
    await eventually(async () => {
      const liked = await north.app.inject({
        method: 'GET',
        url: `/api/posts/${posted.get('carol')}`,
        headers: carol.headers,
      });
      expect(liked.json().data.like_count).toBe(1);
    });
    expect(await notificationsOf(carol)).toEqual([]);
  });
});
