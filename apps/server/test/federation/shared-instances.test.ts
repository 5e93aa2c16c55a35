import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import {
  addInstance,
  eventually,
  type FederatedServer,
  startFederatedServer,
} from './two-servers.js';

// A server run as two instances on one database (api.md: delivery "shared by several instances"):
// whichever instance takes a delivery or a received activity from the queue, it happens once.
// Deliveries cross a queue and a second server: generous under a loaded machine.
describe('federation with a server of two instances', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let southTwo: Awaited<ReturnType<typeof addInstance>>;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    southTwo = await addInstance(south);
    alice = await registerMember(north.app, { username: 'alice' });
    bob = await registerMember(south.app, { username: 'bob' });
  }, 60_000);

  afterAll(async () => {
    await southTwo?.close();
    await Promise.all([north?.close(), south?.close()]);
  });

  it('follows, delivers and receives once whichever instance does the work', async () => {
    const aliceOnSouth = await south.lookUp({ acct: `alice@${north.host}` });
    // Asked on the second instance: its outbox queues the Follow, either instance may send it.
    await southTwo.app.inject({
      method: 'POST',
      url: `/api/users/${aliceOnSouth}/follow`,
      headers: bob.headers,
    });
    await southTwo.settled();
    await eventually(async () => {
      const follows = await south.database.kysely
        .selectFrom('follows')
        .selectAll()
        .where('followed_id', '=', aliceOnSouth)
        .execute();
      expect(follows).toHaveLength(1);
    });

    for (const content of ['one', 'two', 'three']) {
      await north.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: alice.headers,
        payload: { content },
      });
    }
    await north.settled();
    await eventually(async () => {
      const rows = await south.database.kysely
        .selectFrom('posts')
        .select('content')
        .where('author_id', '=', aliceOnSouth)
        .execute();
      expect(rows.map((row) => row.content).sort()).toEqual(['one', 'three', 'two']);
    });
    // Every message was handled and none is left to be handled again.
    await eventually(async () => {
      const left = await sql<{ count: number }>`
        select count(*)::int as count from fedify_messages`.execute(south.database.kysely);
      expect(left.rows[0]?.count).toBe(0);
    });
    const stored = await south.database.kysely
      .selectFrom('posts')
      .select('content')
      .where('author_id', '=', aliceOnSouth)
      .execute();
    expect(stored).toHaveLength(3);
    expect(bob.id).toBeDefined();
  });
});
