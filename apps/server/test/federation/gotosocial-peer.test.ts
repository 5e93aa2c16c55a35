import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { deliveryTo } from './peers/deliveries.js';
import * as gotosocial from './peers/gotosocial-shapes.js';
import { type Json, valueOrId } from './peers/json-ld.js';
import { type FakePeer, startFakePeer } from './peers/peer-server.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// GoToSocial's fileserver path for an attachment's original.
const IMAGE_PATH =
  '/fileserver/01F8MH17FWEB39HZJ76B6VXSKF/attachment/original/01F8MH6NEM8D7527KZAECTCR76.png';

// Whisp against a server that speaks as GoToSocial does (peers/): it signs with `hs2019` and
// keyIds ending in `/main-key`, writes single values unwrapped and several as arrays, describes
// images in `summary`, and answers 401 to every unsigned GET of its actors and statuses
// (authorized fetch). A real GoToSocial cannot run on this machine; this is the nearest check.
// Deliveries cross Whisp's queue: generous under a loaded machine.
describe('federation with a GoToSocial-shaped server', { timeout: 120_000 }, () => {
  let whisp: FederatedServer;
  let peer: FakePeer;
  let alice: TestMember;
  let aliceId: string;
  let sequence = 0;
  const next = () => {
    sequence += 1;
    return sequence;
  };

  beforeAll(async () => {
    const image = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer();
    [whisp, peer] = await Promise.all([
      startFederatedServer(),
      startFakePeer({
        flavour: 'gotosocial',
        files: { [IMAGE_PATH]: image },
        members: [
          { username: 'gus', name: 'Gus GoToSocial' },
          { username: 'gia', name: 'Gia' },
          { username: 'gwen', name: 'Gwen' },
        ],
      }),
    ]);
    alice = await registerMember(whisp.app, { username: 'alice', display_name: 'Alice Whisp' });
    aliceId = `${whisp.url}/users/alice`;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([whisp?.close(), peer?.close()]);
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await whisp.app.inject({ method, url, headers: alice.headers, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const instanceKeyId = () => `${whisp.url}/users/instance.actor#main-key`;
  /** Whether the peer served `path` to a GET whose signature it verified, signed with `keyId`. */
  const servedSigned = (path: string, keyId?: string) =>
    peer.served.some(
      (fetch) =>
        fetch.path === path &&
        fetch.signature.verified &&
        (keyId === undefined || fetch.signature.keyId === keyId),
    );
  const receivedBy = (test: (activity: Json) => boolean) => deliveryTo(peer, test);

  it('serves its members’ actors to signed GETs only, and their keys to anyone', async () => {
    const unsigned = await fetch(`${peer.url}/users/gus`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(unsigned.status).toBe(401);
    const key = await fetch(`${peer.url}/users/gus/main-key`);
    expect(key.status).toBe(200);
    expect(((await key.json()) as Json).publicKey.id).toBe(`${peer.url}/users/gus/main-key`);
  });

  it('looks a GoToSocial member up with a GET its instance actor signed', async () => {
    const found = await call('GET', `/api/users/lookup?acct=gus@${peer.host}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({
      acct: `gus@${peer.host}`,
      display_name: 'Gus GoToSocial',
    });
    expect(servedSigned('/users/gus', instanceKeyId())).toBe(true);
  });

  it('takes a Follow signed with hs2019 and a /main-key keyId, and answers an Accept GoToSocial verifies', async () => {
    const gia = peer.member('gia');
    const follow = gotosocial.follow(gia, aliceId, next());
    expect(await peer.deliver('gia', `${aliceId}/inbox`, follow)).toBe(202);
    const accept = await receivedBy((activity) => activity.type === 'Accept');
    expect(accept.path).toBe('/users/gia/inbox');
    expect(accept.signature.owner).toBe(aliceId);
    expect(accept.activity.actor).toBe(aliceId);
    expect(valueOrId(accept.activity.object)).toBe(follow.id);
    const profile = await call('GET', `/api/users/${alice.id}`);
    expect(profile.body.data.followers_count).toBe(1);
    expect(servedSigned('/users/gia')).toBe(true);
  });

  it('takes a mention at the shared inbox from a member it never saw, fetched with a signed GET', async () => {
    const gwen = peer.member('gwen');
    const note = gotosocial.note({ url: peer.url, host: peer.host }, gwen, {
      sequence: next(),
      content: `<p>Hi <span class="h-card"><a href="${whisp.url}/@alice" class="u-url mention">@<span>alice</span></a></span></p>`,
      mentions: [{ href: aliceId, name: `@alice@${whisp.host}` }],
    });
    peer.publish(note);
    expect(await peer.deliver('gwen', `${whisp.url}/inbox`, gotosocial.create(gwen, note))).toBe(
      202,
    );
    await eventually(async () => {
      const inbox = await call('GET', '/api/notifications');
      const mention = inbox.body.data.notifications.find(
        (notification: { notification_type: string; actor: { acct: string } }) =>
          notification.notification_type === 'mention' &&
          notification.actor.acct === `gwen@${peer.host}`,
      );
      expect(mention).toBeDefined();
    });
    expect(servedSigned('/users/gwen', instanceKeyId())).toBe(true);
  });

  it('follows a GoToSocial member, whose Accept embeds the Follow and has no id', async () => {
    const gusOnWhisp = (await call('GET', `/api/users/lookup?acct=gus@${peer.host}`)).body.data.id;
    expect((await call('POST', `/api/users/${gusOnWhisp}/follow`)).status).toBe(200);
    await whisp.settled();
    // GoToSocial's actor names no shared inbox: delivered to the member's own.
    const follow = await receivedBy((activity) => activity.type === 'Follow');
    expect(follow.path).toBe('/users/gus/inbox');
    await peer.settled();
    await eventually(async () => {
      const profile = await call('GET', `/api/users/${gusOnWhisp}`);
      expect(profile.body.data.is_following).toBe(true);
    });
  });

  it('shows a GoToSocial status with its image’s description, and removes it on a Delete', async () => {
    const gus = peer.member('gus');
    const status = gotosocial.note({ url: peer.url, host: peer.host }, gus, {
      sequence: next(),
      content: '<p>A green rectangle</p>',
      images: [{ path: IMAGE_PATH, description: 'A green rectangle on nothing' }],
    });
    peer.publish(status);
    expect(await peer.deliver('gus', `${aliceId}/inbox`, gotosocial.create(gus, status))).toBe(202);
    const find = async () => {
      const feed = await call('GET', '/api/posts/following');
      return feed.body.posts.find(
        (post: { content: string }) => post.content === 'A green rectangle',
      ) as { media: { alt: string | null; kind: string }[] } | undefined;
    };
    const shown = await eventually(async () => {
      const found = await find();
      expect(found?.media).toHaveLength(1);
      return found as NonNullable<typeof found>;
    });
    // Mastodon's MediaAttachmentParser#description reads `summary`, then `name`.
    expect(shown.media[0]).toMatchObject({ alt: 'A green rectangle on nothing', kind: 'image' });

    const deletion = gotosocial.deleteStatus(gus, status);
    expect(await peer.deliver('gus', `${aliceId}/inbox`, deletion)).toBe(202);
    await eventually(async () => expect(await find()).toBeUndefined());
  });

  it('serves Whisp’s actor and whisps to GoToSocial’s signed GETs', async () => {
    const posted = await call('POST', '/api/posts', { content: 'Fetched, signed' });
    expect(posted.status).toBe(201);
    const person = await peer.fetchSigned(aliceId);
    expect(person.status).toBe(200);
    expect(person.json).toMatchObject({ id: aliceId, type: 'Person', inbox: `${aliceId}/inbox` });
    expect(person.json?.publicKey).toMatchObject({ id: `${aliceId}#main-key`, owner: aliceId });
    const noteId = `${aliceId}/whisps/${posted.body.data.id}`;
    const note = await peer.fetchSigned(noteId);
    expect(note.status).toBe(200);
    expect(note.json).toMatchObject({ id: noteId, type: 'Note', attributedTo: aliceId });
    await whisp.settled();
    // To alice's one follower there, at her own inbox: GoToSocial's actors name no shared one.
    const created = await receivedBy(
      (activity) => activity.type === 'Create' && valueOrId(activity.object) === noteId,
    );
    expect(created.path).toBe('/users/gia/inbox');
  });

  it('signed every delivery as GoToSocial verifies it', async () => {
    await peer.settled();
    expect(peer.received.length).toBeGreaterThanOrEqual(3);
    const refused = peer.refusals.filter((refusal) => !refusal.reason.startsWith('RFC 9421'));
    expect(refused).toEqual([]);
    for (const delivery of peer.received) expect(delivery.signature.owner).toBe(aliceId);
  });
});
