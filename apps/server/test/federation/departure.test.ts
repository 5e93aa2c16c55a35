import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { call, eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// A member who deletes their account leaves every server that knew them: the other server
// removes them, their whisps and their follows, and its counts follow.
describe('an account deleted on one server', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    [alice, carol] = await Promise.all([
      registerMember(north.app, { username: 'alice' }),
      registerMember(north.app, { username: 'carol' }),
    ]);
    bob = await registerMember(south.app, { username: 'bob' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  /** `follower` on `from` follows `followed` of `to`, and waits for the acceptance. */
  async function follow(
    from: FederatedServer,
    follower: TestMember,
    to: FederatedServer,
    followed: TestMember,
  ) {
    const found = await call(
      from,
      follower,
      'GET',
      `/api/users/lookup?acct=${followed.username}@${to.host}`,
    );
    expect(found.status).toBe(200);
    const id: string = found.body.data.id;
    expect((await call(from, follower, 'POST', `/api/users/${id}/follow`)).status).toBe(200);
    await from.settled();
    await eventually(async () => {
      const profile = await call(from, follower, 'GET', `/api/users/${id}`);
      expect(profile.body.data.is_following).toBe(true);
    });
    return id;
  }

  it('is removed from the servers of its followers, with its whisps, and their counts', async () => {
    const aliceOnSouth = await follow(south, bob, north, alice);
    const posted = await call(north, alice, 'POST', '/api/posts', { content: 'Leaving soon' });
    expect(posted.status).toBe(201);
    await north.settled();
    await eventually(async () => {
      const feed = await call(south, bob, 'GET', '/api/posts/following');
      expect(feed.body.posts.map((post: { content: string }) => post.content)).toContain(
        'Leaving soon',
      );
    });
    expect((await call(south, bob, 'GET', `/api/users/${bob.id}`)).body.data.following_count).toBe(
      1,
    );

    const deleted = await call(north, alice, 'DELETE', '/api/users/me', {
      password: alice.password,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await north.settled();

    await eventually(async () => {
      expect((await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`)).status).toBe(404);
    });
    const feed = await call(south, bob, 'GET', '/api/posts/following');
    expect(feed.body.posts.map((post: { content: string }) => post.content)).not.toContain(
      'Leaving soon',
    );
    expect((await call(south, bob, 'GET', `/api/users/${bob.id}`)).body.data.following_count).toBe(
      0,
    );

    // Her address answers 410 Gone with a tombstone, as Mastodon's does for a deleted account.
    const actor = await fetch(`${north.url}/users/alice`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(actor.status).toBe(410);
    expect(await actor.json()).toMatchObject({
      type: 'Tombstone',
      id: `${north.url}/users/alice`,
    });
    const finger = await fetch(
      `${north.url}/.well-known/webfinger?resource=acct:alice@${north.host}`,
    );
    expect(finger.status).toBe(410);
  });

  it('is removed from the servers of those it followed, whose follower counts drop', async () => {
    await follow(south, bob, north, carol);
    const bobOnNorth = await eventually(async () => {
      const found = await call(north, carol, 'GET', `/api/users/lookup?acct=bob@${south.host}`);
      expect(found.status).toBe(200);
      return found.body.data.id as string;
    });
    expect(
      (await call(north, carol, 'GET', `/api/users/${carol.id}`)).body.data.followers_count,
    ).toBe(1);

    const deleted = await call(south, bob, 'DELETE', '/api/users/me', { password: bob.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await south.settled();

    await eventually(async () => {
      expect((await call(north, carol, 'GET', `/api/users/${bobOnNorth}`)).status).toBe(404);
    });
    expect(
      (await call(north, carol, 'GET', `/api/users/${carol.id}`)).body.data.followers_count,
    ).toBe(0);
  });
});
