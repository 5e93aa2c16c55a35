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
});
