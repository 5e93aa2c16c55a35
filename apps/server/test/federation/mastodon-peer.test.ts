import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';
import { deliveryTo } from './peers/deliveries.js';
import {
  asArray,
  contentOf,
  hasActivityStreamsContext,
  isPublicCollection,
  type Json,
  urlToHref,
  valueOrId,
} from './peers/json-ld.js';
import * as mastodon from './peers/mastodon-shapes.js';
import { type FakePeer, startFakePeer } from './peers/peer-server.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// Mastodon's Paperclip path for an account's original avatar.
const AVATAR_PATH = '/system/accounts/avatars/000/000/001/original/avatar.png';

// Whisp against a server that speaks as Mastodon 4.x does on the wire (peers/): its payloads are
// Mastodon's own shapes, its signatures are written and checked by hand as Mastodon's are, not by
// Fedify. A real Mastodon cannot run on this machine; this is the nearest check of what one would
// accept from Whisp and send to it. Deliveries cross Whisp's queue: generous under a loaded machine.
describe('federation with a Mastodon-shaped server', { timeout: 120_000 }, () => {
  let whisp: FederatedServer;
  let peer: FakePeer;
  let alice: TestMember;
  let aliceId: string;
  let monaOnWhisp: string;
  let aliceWhisp: { id: string; uri: string };
  let monaNote: Json;
  let counter = 0;
  /** Snowflake-like status ids, as Mastodon's. */
  const nextStatusId = () => {
    counter += 1;
    return String(113794432570425493n + BigInt(counter));
  };

  beforeAll(async () => {
    const avatar = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#6364ff' },
    })
      .png()
      .toBuffer();
    [whisp, peer] = await Promise.all([
      startFederatedServer(),
      startFakePeer({
        flavour: 'mastodon',
        members: [{ username: 'mona', name: 'Mona Mastodon' }],
        files: { [AVATAR_PATH]: avatar },
        avatarPath: AVATAR_PATH,
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
  const mona = () => peer.member('mona');
  const sharedInbox = () => `${whisp.url}/inbox`;
  const whispOf = async (id: string) => (await call('GET', `/api/posts/${id}`)).body.data;
  const followingFeed = async () =>
    (await call('GET', '/api/posts/following')).body.posts as {
      id: string;
      content: string;
      author: { id: string };
      poll: { id: string; options: { title: string }[]; multiple: boolean } | null;
    }[];
  const receivedBy = (test: (activity: Json) => boolean) => deliveryTo(peer, test);

  it('answers a Follow as Mastodon sends it with an Accept that Mastodon verifies and takes', async () => {
    const follow = mastodon.follow(mona(), aliceId, 1);
    expect(await peer.deliver('mona', `${aliceId}/inbox`, follow)).toBe(202);

    const accept = await receivedBy((activity) => activity.type === 'Accept');
    expect(accept.path).toBe('/users/mona/inbox');
    expect(accept.signature).toMatchObject({ keyId: `${aliceId}#main-key`, owner: aliceId });
    expect(hasActivityStreamsContext(accept.activity)).toBe(true);
    expect(accept.activity.actor).toBe(aliceId);
    // ActivityPub::Activity::Accept finds the follow request by the object's URI, or reads an
    // embedded Follow whose actor is the local account.
    const object = accept.activity.object;
    const named = typeof object === 'string' ? object : object?.id;
    expect(named).toBe(follow.id);
    if (typeof object !== 'string') {
      expect(object).toMatchObject({ type: 'Follow', actor: mona().actorId });
    }

    const profile = await call('GET', `/api/users/${alice.id}`);
    expect(profile.body.data.followers_count).toBe(1);
    const found = await call('GET', `/api/users/lookup?acct=mona@${peer.host}`);
    expect(found.body.data).toMatchObject({
      acct: `mona@${peer.host}`,
      display_name: 'Mona Mastodon',
    });
    // The actor's `icon`, downloaded into Whisp's own media.
    expect(found.body.data.profile_picture_url).toMatch(/^\/media\//);
    monaOnWhisp = found.body.data.id;
  });

  it('sends a whisp as a Create whose Note has every field Mastodon reads, with its types', async () => {
    const picture = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#c08040' },
    })
      .png()
      .toBuffer();
    const form = multipartFile('media', 'cup.png', 'image/png', picture);
    const uploaded = await whisp.app.inject({
      method: 'POST',
      url: '/api/posts/media',
      headers: { ...alice.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const posted = await call('POST', '/api/posts', {
      content: `Morning @mona@${peer.host} #Interop`,
      content_warning: 'Coffee talk',
      media: [{ url: uploaded.json().media_urls[0], alt: 'A cup of coffee on a desk' }],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    aliceWhisp = {
      id: posted.body.data.id,
      uri: `${aliceId}/whisps/${posted.body.data.id}`,
    };
    await whisp.settled();

    const created = await receivedBy(
      (activity) => activity.type === 'Create' && valueOrId(activity.object) === aliceWhisp.uri,
    );
    // Delivered once, to the shared inbox Mastodon's actor names.
    expect(created.path).toBe('/inbox');
    expect(created.activity.actor).toBe(aliceId);
    expect(hasActivityStreamsContext(created.activity)).toBe(true);
    const note: Json = created.activity.object;
    expect(note.type).toBe('Note');
    expect(note.id).toBe(aliceWhisp.uri);
    // Create#perform: the object's host is the actor's (invalid_origin?).
    expect(new URL(note.id).host).toBe(new URL(aliceId).host);
    expect(asArray(note.attributedTo).map(valueOrId)).toEqual([aliceId]);
    // StatusParser#visibility: public when `to` holds the public collection; the followers
    // collection is the one the actor document names.
    const actorDocument = (await peer.fetchSigned(aliceId)).json as Json;
    expect(asArray<string>(note.to).some(isPublicCollection)).toBe(true);
    expect(asArray(note.cc)).toContain(actorDocument.followers);
    expect(asArray(note.cc)).toContain(mona().actorId);
    // process_tags: a Mention by its href, a Hashtag by its name without the `#`.
    const tags = asArray<Json>(note.tag);
    expect(tags.filter((tag) => tag.type === 'Mention')).toEqual([
      { type: 'Mention', href: mona().actorId, name: `@mona@${peer.host}` },
    ]);
    const hashtags = tags.filter((tag) => tag.type === 'Hashtag');
    expect(hashtags).toHaveLength(1);
    expect(hashtags[0]?.name.toLowerCase()).toBe('#interop');
    expect(new URL(hashtags[0]?.href).origin).toBe(whisp.url);
    expect(note.sensitive).toBe(true);
    expect(note.summary).toBe('Coffee talk');
    // process_attachments: `url`, `mediaType` among Mastodon's image types, `name` as the
    // description; the file is there to download.
    const attachments = asArray<Json>(note.attachment);
    expect(attachments).toHaveLength(1);
    const [image] = attachments as [Json];
    expect(image.type).toBe('Document');
    expect(image.name).toBe('A cup of coffee on a desk');
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']).toContain(
      image.mediaType,
    );
    const file = await fetch(urlToHref(image.url) ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(image.mediaType);
    // object_url: a text/html URL on the actor's host.
    expect(new URL(urlToHref(note.url, 'text/html') ?? '').host).toBe(new URL(aliceId).host);
    expect(note.published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(note.published) - Date.now())).toBeLessThan(10 * 60_000);
    expect(note.inReplyTo ?? null).toBeNull();
    const content = contentOf(note) ?? '';
    expect(content).toContain('Morning');
    expect(content).toMatch(/<a [^>]*href="[^"]+"[^>]*>#<span>Interop<\/span><\/a>/);
  });

  it('follows a Mastodon member, whose server accepts with the Follow embedded', async () => {
    const followed = await call('POST', `/api/users/${monaOnWhisp}/follow`);
    expect(followed.status).toBe(200);
    await whisp.settled();
    const follow = await receivedBy((activity) => activity.type === 'Follow');
    expect(follow.path).toBe('/users/mona/inbox');
    expect(follow.activity).toMatchObject({ actor: aliceId, object: mona().actorId });
    await peer.settled();
    await eventually(async () => {
      const profile = await call('GET', `/api/users/${monaOnWhisp}`);
      expect(profile.body.data.is_following).toBe(true);
    });
  });

  it('shows a Create(Note) as Mastodon sends it in the follower’s Following feed', async () => {
    monaNote = mastodon.note({ url: peer.url, host: peer.host }, mona(), {
      statusId: nextStatusId(),
      content:
        `<p>Hello from Mastodon <a href="${peer.url}/tags/fediverse" class="mention hashtag" ` +
        'rel="tag">#<span>Fediverse</span></a> :blobcat:</p>',
      hashtags: ['Fediverse'],
      emojis: [{ shortcode: 'blobcat', id: 7 }],
    });
    peer.publish(monaNote);
    expect(await peer.deliver('mona', sharedInbox(), mastodon.create(mona(), monaNote))).toBe(202);
    const shown = await eventually(async () => {
      const found = (await followingFeed()).find((post) => post.content.startsWith('Hello from'));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(shown.content).toBe('Hello from Mastodon #Fediverse :blobcat:');
    expect(shown.author.id).toBe(monaOnWhisp);
  });

  it('counts a Mastodon reply to a whisp in the whisp’s reply_count', async () => {
    const reply = mastodon.note({ url: peer.url, host: peer.host }, mona(), {
      statusId: nextStatusId(),
      content: `<p><span class="h-card"><a href="${whisp.url}/@alice" class="u-url mention">@<span>alice</span></a></span> Good morning!</p>`,
      inReplyTo: aliceWhisp.uri,
      mentions: [{ href: aliceId, name: `@alice@${whisp.host}` }],
    });
    expect(await peer.deliver('mona', sharedInbox(), mastodon.create(mona(), reply))).toBe(202);
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).reply_count).toBe(1));
  });

  it('moves a whisp’s counts with a Like and a boost from Mastodon, and back with their Undo', async () => {
    const like = mastodon.like(mona(), aliceWhisp.uri, 31);
    expect(await peer.deliver('mona', sharedInbox(), like)).toBe(202);
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).like_count).toBe(1));
    expect(await peer.deliver('mona', sharedInbox(), mastodon.undoLike(mona(), like))).toBe(202);
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).like_count).toBe(0));

    const boostId = nextStatusId();
    const boost = mastodon.announce(mona(), { id: aliceWhisp.uri, author: aliceId }, boostId);
    expect(await peer.deliver('mona', sharedInbox(), boost)).toBe(202);
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).rewhisp_count).toBe(1));
    const undo = mastodon.undoAnnounce(mona(), boost, boostId);
    expect(await peer.deliver('mona', sharedInbox(), undo)).toBe(202);
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).rewhisp_count).toBe(0));
  });

  it('applies the same activity once, however many times and to whichever inbox it comes', async () => {
    const again = mastodon.create(mona(), monaNote);
    expect(await peer.deliver('mona', sharedInbox(), again)).toBe(202);
    expect(await peer.deliver('mona', `${aliceId}/inbox`, again)).toBe(202);
    const like = mastodon.like(mona(), aliceWhisp.uri, 32);
    for (const inbox of [sharedInbox(), sharedInbox(), `${aliceId}/inbox`]) {
      expect(await peer.deliver('mona', inbox, like)).toBe(202);
    }
    await eventually(async () => expect((await whispOf(aliceWhisp.id)).like_count).toBe(1));
    // Nothing left to apply: then count.
    await eventually(async () => {
      const left = await whisp.database.kysely.selectFrom('fedify_messages').select('id').execute();
      expect(left).toEqual([]);
    });
    const copies = (await followingFeed()).filter((post) => post.content.startsWith('Hello from'));
    expect(copies).toHaveLength(1);
    expect((await whispOf(aliceWhisp.id)).like_count).toBe(1);
  });

  it('removes a whisp when Mastodon deletes it with a Tombstone', async () => {
    expect(
      await peer.deliver('mona', sharedInbox(), mastodon.deleteNote(mona(), monaNote.id)),
    ).toBe(202);
    await eventually(async () => {
      const found = (await followingFeed()).find((post) => post.content.startsWith('Hello from'));
      expect(found).toBeUndefined();
    });
  });

  it('changes the member’s name when Mastodon sends an Update of the Person', async () => {
    mona().name = 'Mona of the Mammoths';
    const update = mastodon.updateActor({ url: peer.url, host: peer.host }, mona(), Date.now());
    expect(await peer.deliver('mona', sharedInbox(), update)).toBe(202);
    await eventually(async () => {
      const profile = await call('GET', `/api/users/${monaOnWhisp}`);
      expect(profile.body.data.display_name).toBe('Mona of the Mammoths');
    });
  });

  it('takes a Mastodon poll as a poll, and sends a vote back as the Note Mastodon counts', async () => {
    const poll = mastodon.question({ url: peer.url, host: peer.host }, mona(), {
      statusId: nextStatusId(),
      content: '<p>Tabs or spaces?</p>',
      choices: ['Tabs', 'Spaces'],
      endTime: new Date(Date.now() + 24 * 60 * 60_000),
    });
    peer.publish(poll);
    expect(await peer.deliver('mona', sharedInbox(), mastodon.create(mona(), poll))).toBe(202);
    const shown = await eventually(async () => {
      const found = (await followingFeed()).find((post) => post.content === 'Tabs or spaces?');
      expect(found?.poll).toBeTruthy();
      return found as NonNullable<typeof found>;
    });
    expect(shown.poll?.options.map((option) => option.title)).toEqual(['Tabs', 'Spaces']);
    expect(shown.poll?.multiple).toBe(false);

    const voted = await call('POST', `/api/polls/${shown.poll?.id}/votes`, { choices: [1] });
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    await whisp.settled();
    // ActivityPub::Activity::Create#poll_vote?: a Note whose `name` is an option of a local
    // poll, `inReplyTo` the poll, from the voter's own host.
    const vote = await receivedBy(
      (activity) => activity.type === 'Create' && activity.object?.inReplyTo === poll.id,
    );
    const note: Json = vote.activity.object;
    expect(vote.activity.actor).toBe(aliceId);
    expect(note.type).toBe('Note');
    expect(note.name).toBe('Spaces');
    expect(valueOrId(note.attributedTo)).toBe(aliceId);
    expect(new URL(note.id).host).toBe(new URL(aliceId).host);
    expect(asArray(note.to)).toContain(mona().actorId);
    expect(contentOf(note)).toBeUndefined();
  });

  it('signed every delivery as Mastodon verifies it', async () => {
    await peer.settled();
    expect(peer.received.length).toBeGreaterThanOrEqual(4);
    // Fedify first knocks with an RFC 9421 signature, which Mastodon 4.x before 4.5 answers 401,
    // then signs draft-cavage: that first knock is the only refusal allowed.
    const refused = peer.refusals.filter((refusal) => !refusal.reason.startsWith('RFC 9421'));
    expect(refused).toEqual([]);
    for (const delivery of peer.received) {
      expect(delivery.signature.algorithm).toBe('rsa-sha256');
      expect(delivery.signature.owner).toBe(aliceId);
    }
  });
});
