import { signRequest } from '@fedify/fedify/sig';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorKeyPairs } from '../../src/federation/keys.js';
import { registerMember, type TestMember } from '../members.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// What an inbox takes in: only what the sender's key signed, each activity once, and nothing from
// a server moderators suspended; and what a delivery does when the other server is away.
// Deliveries cross a queue and a second server: generous under a loaded machine.
describe('federation: inbox safety and durable delivery', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let bob: TestMember;
  let aliceWhisp: string;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    alice = await registerMember(north.app, { username: 'alice' });
    bob = await registerMember(south.app, { username: 'bob' });
    const posted = await north.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: { content: 'Something to like' },
    });
    aliceWhisp = posted.json().data.id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  /** A Like of alice's whisp from bob, signed with bob's own key, as south would send it. */
  function signedLike(
    id: string,
    tamper: { body?: (body: string) => string; signature?: (value: string) => string } = {},
  ) {
    return signedFromBob(
      {
        id: `${south.url}/users/bob#likes/${id}`,
        type: 'Like',
        actor: `${south.url}/users/bob`,
        object: `${north.url}/users/alice/whisps/${aliceWhisp}`,
      },
      tamper,
    );
  }

  /** An activity from bob, signed with bob's own key and delivered to alice's inbox. */
  async function signedFromBob(
    activity: object,
    tamper: { body?: (body: string) => string; signature?: (value: string) => string } = {},
  ) {
    const bobRow = await south.database.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    const [rsa] = await actorKeyPairs(south.database.kysely, bobRow.id);
    if (!rsa) throw new Error('bob has no key');
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      ...activity,
    });
    const signed = await signRequest(
      new Request(`${north.url}/users/alice/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      }),
      rsa.privateKey,
      new URL(`${south.url}/users/bob#main-key`),
    );
    const headers = new Headers(signed.headers);
    const signature = headers.get('signature') ?? '';
    if (tamper.signature) headers.set('signature', tamper.signature(signature));
    return fetch(signed.url, {
      method: 'POST',
      headers,
      body: tamper.body ? tamper.body(body) : body,
    });
  }

  const likeCount = async () => {
    const response = await north.app.inject({
      method: 'GET',
      url: `/api/posts/${aliceWhisp}`,
      headers: alice.headers,
    });
    return response.json().data.like_count as number;
  };

  it('refuses an activity whose body is not what was signed, and one not signed at all', async () => {
    // A signature changed on the way: 401, as Mastodon answers it.
    const forged = await signedLike('forged', {
      signature: (value) => value.replace(/:(.)/, (_match, char) => `:${char === 'A' ? 'B' : 'A'}`),
    });
    expect(forged.status).toBe(401);
    // A body changed after signing no longer matches its digest: refused before any signature.
    const altered = await signedLike('altered', { body: (body) => body.replace('Like', 'Like ') });
    expect([400, 401]).toContain(altered.status);
    const unsigned = await fetch(`${north.url}/users/alice/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${south.url}/users/bob#likes/unsigned`,
        type: 'Like',
        actor: `${south.url}/users/bob`,
        object: `${north.url}/users/alice/whisps/${aliceWhisp}`,
      }),
    });
    expect(unsigned.status).toBe(401);
    expect(await likeCount()).toBe(0);
  });

  it('applies the same activity received twice once', async () => {
    expect((await signedLike('twice')).status).toBe(202);
    expect((await signedLike('twice')).status).toBe(202);
    await eventually(async () => expect(await likeCount()).toBe(1));
    // Nothing else is waiting to be applied that could add a second like.
    await eventually(async () => {
      const waiting = await sql<{
        count: number;
      }>`select count(*)::int as count from fedify_messages`.execute(north.database.kysely);
      expect(waiting.rows[0]?.count).toBe(0);
    });
    expect(await likeCount()).toBe(1);
  });

  it('keeps no whisp that concerns nobody here (no follower, no mention, no reply)', async () => {
    const noteId = `${south.url}/users/bob/whisps/00000000-0000-4000-8000-000000000001`;
    const delivered = await signedFromBob({
      id: `${noteId}/activity`,
      type: 'Create',
      actor: `${south.url}/users/bob`,
      to: 'https://www.w3.org/ns/activitystreams#Public',
      object: {
        id: noteId,
        type: 'Note',
        attributedTo: `${south.url}/users/bob`,
        to: 'https://www.w3.org/ns/activitystreams#Public',
        content: '<p>Buy cheap watches</p>',
      },
    });
    expect(delivered.status).toBe(202);
    await eventually(async () => {
      const waiting = await sql<{ count: number }>`
        select count(*)::int as count from fedify_messages`.execute(north.database.kysely);
      expect(waiting.rows[0]?.count).toBe(0);
    });
    const stored = await north.database.kysely
      .selectFrom('posts')
      .select('id')
      .where('uri', '=', noteId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses every activity of a suspended server', async () => {
    await north.app.repositories.moderation.setRole(alice.id, 'moderator');
    const suspended = await north.app.inject({
      method: 'PUT',
      url: `/api/moderation/instances/${encodeURIComponent(south.host)}`,
      headers: alice.headers,
      payload: { policy: 'suspend', reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);
    await north.app.inject({
      method: 'POST',
      url: `/api/posts/${aliceWhisp}/unlike`,
      headers: alice.headers,
    });
    expect((await signedLike('while-suspended')).status).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const likes = await north.database.kysely
      .selectFrom('likes')
      .innerJoin('users', 'users.id', 'likes.user_id')
      .select('users.username')
      .where('likes.post_id', '=', aliceWhisp)
      .where('users.host', '=', south.host)
      .execute();
    expect(likes).toHaveLength(1); // the like from before the suspension, nothing new
    await north.app.inject({
      method: 'DELETE',
      url: `/api/moderation/instances/${encodeURIComponent(south.host)}`,
      headers: alice.headers,
    });
  });

  it('delivers once the receiving server is back', async () => {
    const aliceOnSouth = await south.lookUp({ url: `${north.url}/users/alice` });
    await south.app.inject({
      method: 'POST',
      url: `/api/users/${aliceOnSouth}/follow`,
      headers: bob.headers,
    });
    await eventually(async () => {
      const follows = await north.database.kysely.selectFrom('follows').selectAll().execute();
      expect(follows).toHaveLength(1);
    });
    // South stops answering: its port refuses connections.
    const server = south.app.server;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await north.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: { content: 'Sent while south was away' },
    });
    await north.settled();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await new Promise<void>((resolve) =>
      server.listen(Number(new URL(south.url).port), '127.0.0.1', resolve),
    );
    await eventually(async () => {
      const feed = await south.app.inject({
        method: 'GET',
        url: '/api/posts/following',
        headers: bob.headers,
      });
      const contents = feed.json().posts.map((post: { content: string }) => post.content);
      expect(contents).toContain('Sent while south was away');
    }, 30_000);
  }, 45_000);
});
