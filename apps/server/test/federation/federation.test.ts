import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { call, eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// Two Whisp servers, each with its own database, federating over loopback (api.md,
// "Federation (1.2)"): everything crosses as ActivityPub through Fedify's signed deliveries.
// Deliveries cross a queue and a second server: generous under a loaded machine.
describe('federation between two Whisp servers', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let bob: TestMember;
  let aliceOnSouth: string;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    alice = await registerMember(north.app, { username: 'alice', display_name: 'Alice North' });
    bob = await registerMember(south.app, { username: 'bob', display_name: 'Bob South' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  it('serves a member as an ActivityPub actor found by WebFinger', async () => {
    const finger = await fetch(
      `${north.url}/.well-known/webfinger?resource=acct:alice@${north.host}`,
    );
    expect(finger.status).toBe(200);
    const { links } = (await finger.json()) as { links: { rel: string; href: string }[] };
    const self = links.find((link) => link.rel === 'self');
    expect(self?.href).toBe(`${north.url}/users/alice`);

    const actor = await fetch(`${north.url}/users/alice`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(actor.status).toBe(200);
    const person = (await actor.json()) as { publicKey: { publicKeyPem: string } };
    expect(person).toMatchObject({
      type: 'Person',
      id: `${north.url}/users/alice`,
      preferredUsername: 'alice',
      name: 'Alice North',
      inbox: `${north.url}/users/alice/inbox`,
      featured: `${north.url}/users/alice/featured`,
    });
    expect(person.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const featured = await fetch(`${north.url}/users/alice/featured`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(featured.status).toBe(200);
    const pinned = (await featured.json()) as { type: string; id: string; orderedItems?: [] };
    expect(pinned).toMatchObject({
      type: 'OrderedCollection',
      id: `${north.url}/users/alice/featured`,
    });
    expect(pinned.orderedItems ?? []).toEqual([]);

    const nodeInfo = await fetch(`${north.url}/nodeinfo/2.0`);
    expect(((await nodeInfo.json()) as { protocols: string[] }).protocols).toEqual(['activitypub']);

    // A person who opens the same address sees the profile page.
    const page = await fetch(`${north.url}/users/alice`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/user/alice');
    expect(page.headers.get('vary')).toContain('Accept');
  });

  it('follows a member of the other server once their server accepts', async () => {
    const found = await call(south, bob, 'GET', `/api/users/lookup?acct=alice@${north.host}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      username: 'alice',
      acct: `alice@${north.host}`,
      display_name: 'Alice North',
      is_following: false,
    });
    aliceOnSouth = found.body.data.id;
    const follow = await call(south, bob, 'POST', `/api/users/${aliceOnSouth}/follow`);
    expect(follow.status).toBe(200);
    expect(follow.body.data.is_requested).toBe(true);
    await south.settled();
    await eventually(async () => {
      const profile = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
      expect(profile.body.data.is_following).toBe(true);
    });
    const followers = await call(north, alice, 'GET', `/api/users/${alice.id}`);
    expect(followers.body.data.followers_count).toBe(1);
  });

  it('delivers a whisp to the follower’s Following feed, and their like and reply back', async () => {
    const posted = await call(north, alice, 'POST', '/api/posts', {
      content: 'Hello from the north #fediverse',
    });
    expect(posted.status).toBe(201);
    await north.settled();
    const remoteWhisp = await eventually(async () => {
      const feed = await call(south, bob, 'GET', '/api/posts/following');
      const found = feed.body.posts.find(
        (post: { content: string }) => post.content === 'Hello from the north #fediverse',
      );
      expect(found).toBeDefined();
      return found;
    });
    expect(remoteWhisp.author.id).toBe(aliceOnSouth);

    expect((await call(south, bob, 'POST', `/api/posts/${remoteWhisp.id}/like`)).status).toBe(200);
    const reply = await call(south, bob, 'POST', `/api/posts/${remoteWhisp.id}/reply`, {
      content: 'Hello from the south',
    });
    expect(reply.status).toBe(201);
    await south.settled();
    await eventually(async () => {
      const original = await call(north, alice, 'GET', `/api/posts/${posted.body.data.id}`);
      expect(original.body.data.like_count).toBe(1);
      expect(original.body.data.reply_count).toBe(1);
    });
  });

  it('mentions a member of the other server by @username@host, who is notified there', async () => {
    const posted = await call(north, alice, 'POST', '/api/posts', {
      content: `Good morning @bob@${south.host}`,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.mentions).toEqual([`bob@${south.host}`]);
    await north.settled();
    await eventually(async () => {
      const inbox = await call(south, bob, 'GET', '/api/notifications');
      const mention = inbox.body.data.notifications.find(
        (notification: { notification_type: string }) =>
          notification.notification_type === 'mention',
      );
      expect(mention?.actor.acct).toBe(`alice@${north.host}`);
    });
  });

  it('writes a whisp naming a handle no server answers for, the handle left as text', async () => {
    const posted = await call(north, alice, 'POST', '/api/posts', {
      content: 'Is anyone there, @ghost@127.0.0.1:9?',
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.mentions).toEqual([]);
  });

  it('sends a private member’s whisp to no one but their followers, mentioned or not', async () => {
    const dora = await registerMember(north.app, { username: 'dora' });
    expect((await call(north, dora, 'POST', '/api/users/me', { is_private: true })).status).toBe(
      200,
    );
    const posted = await call(north, dora, 'POST', '/api/posts', {
      content: `Only for my followers, @bob@${south.host}`,
    });
    expect(posted.body.data.mentions).toEqual([`bob@${south.host}`]);
    await north.settled();
    // Nothing left to deliver on north, nothing left to apply on south: then look.
    for (const server of [north, south]) {
      await eventually(async () => {
        const left = await server.database.kysely
          .selectFrom('fedify_messages')
          .select('id')
          .execute();
        expect(left).toEqual([]);
      });
    }
    const arrived = await south.database.kysely
      .selectFrom('posts')
      .select('id')
      .where('content', 'like', 'Only for my followers%')
      .execute();
    expect(arrived).toEqual([]);
  });

  it('forwards a report to the reported member’s server when asked, without the reporter', async () => {
    const reported = await call(south, bob, 'POST', `/api/users/${aliceOnSouth}/report`, {
      reason: 'spam',
      details: 'Posts the same link all day',
      forward: true,
    });
    expect(reported.status).toBe(201);
    await south.settled();
    const report = await eventually(async () => {
      const rows = await north.database.kysely
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .select(['reports.details', 'reports.reason', 'users.username', 'users.host'])
        .where('reports.target_user_id', '=', alice.id)
        .execute();
      expect(rows).toHaveLength(1);
      return rows[0];
    });
    expect(report).toEqual({
      details: 'spam: Posts the same link all day',
      reason: 'other',
      // South's own actor: north never learns that bob reported.
      username: south.host,
      host: south.host,
    });
  });

  it('carries a new name and bio to the follower’s server', async () => {
    const changed = await call(north, alice, 'POST', '/api/users/me', {
      display_name: 'Alice of the North',
      bio: 'Now with a bio',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await north.settled();
    await eventually(async () => {
      const profile = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
      expect(profile.body.data).toMatchObject({
        display_name: 'Alice of the North',
        bio: 'Now with a bio',
      });
    });
  });

  it('carries an edit and a deletion to the follower’s server', async () => {
    const posted = await call(north, alice, 'POST', '/api/posts', { content: 'First draft' });
    await north.settled();
    const find = async (content: string) => {
      const feed = await call(south, bob, 'GET', '/api/posts/following');
      return feed.body.posts.find((post: { content: string }) => post.content === content);
    };
    await eventually(async () => expect(await find('First draft')).toBeDefined());
    const edited = await call(north, alice, 'POST', `/api/posts/${posted.body.data.id}`, {
      content: 'Final text',
    });
    expect(edited.status).toBe(200);
    await north.settled();
    await eventually(async () => expect(await find('Final text')).toBeDefined());
    await call(north, alice, 'DELETE', `/api/posts/${posted.body.data.id}`);
    await north.settled();
    await eventually(async () => expect(await find('Final text')).toBeUndefined());
  });
});
