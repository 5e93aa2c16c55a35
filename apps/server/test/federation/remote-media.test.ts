import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Image, Person } from '@fedify/fedify/vocab';
import { POST_IMAGE_MAX_BYTES } from '@whisp/api-client/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirectory } from '../../src/config.js';
import { DatabaseKvStore } from '../../src/federation/kv-store.js';
import { refreshProfileImages } from '../../src/federation/remote-profile-images.js';
import { captureLogs } from '../helpers.js';
import { signInWithApp } from '../mastodon/sign-in.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';
import { type FileOrigin, serveBytes, serveStream, startFileOrigin } from './file-origin.js';
import { deliverSigned, noteOf } from './signed-activities.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// A remote whisp's pictures and a remote member's avatar are downloaded into the receiving
// server's own media, checked as uploads are (api.md, "Federation (1.2)"). Two Whisp servers on
// loopback; crafted files come from a small server of the test's own. Deliveries cross a queue
// and a second server: generous under a loaded machine.
describe('remote media between two Whisp servers', { timeout: 120_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let origin: FileOrigin;
  let alice: TestMember;
  let bob: TestMember;
  let aliceOnSouth: string;
  const southLogs = captureLogs();
  const huge = { done: { finished: false } };

  const png = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    [north, south] = await Promise.all([
      startFederatedServer(),
      startFederatedServer({ logLevel: 'info' }, { logDestination: southLogs.destination }),
    ]);
    alice = await registerMember(north.app, { username: 'alice' });
    bob = await registerMember(south.app, { username: 'bob' });
    const streamed = serveStream(
      (await png(8, 8, '#f00')).subarray(0, 64),
      5 * POST_IMAGE_MAX_BYTES,
      'image/png',
    );
    huge.done = streamed.done;
    origin = await startFileOrigin({
      '/huge.png': streamed.route,
      '/sign-in.png': serveBytes(Buffer.from('<!doctype html><form>Sign in</form>'), 'image/png'),
      '/first.png': serveBytes(await png(120, 90, '#0a0'), 'image/png'),
      '/second.png': serveBytes(await png(64, 48, '#00a'), 'image/png'),
      '/fifth.png': serveBytes(await png(32, 32, '#aa0'), 'image/png'),
      '/avatar.png': serveBytes(await png(200, 200, '#a0a'), 'image/png'),
      '/other-avatar.png': serveBytes(await png(200, 200, '#0aa'), 'image/png'),
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close(), origin?.close()]);
  });

  const call = async (server: FederatedServer, member: TestMember, method: 'GET', url: string) => {
    const response = await server.app.inject({ method, url, headers: member.headers });
    return response.json();
  };

  /** Uploads through the real routes on north; answers the file's path there. */
  async function upload(url: string, field: string, bytes: Buffer) {
    const form = multipartFile(field, `${field}.png`, 'image/png', bytes);
    const response = await north.app.inject({
      method: 'POST',
      url,
      headers: { ...alice.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** A file as south serves it, with what it is. */
  async function servedBySouth(mediaPath: string) {
    expect(mediaPath).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    const response = await fetch(`${south.url}${mediaPath}`);
    if (response.status !== 200) return { status: response.status };
    const bytes = Buffer.from(await response.arrayBuffer());
    const { width, height, format } = await sharp(bytes).metadata();
    return { status: 200, type: response.headers.get('content-type'), format, width, height };
  }

  it('brings a remote member’s avatar and banner into this server’s media', async () => {
    await upload('/api/users/avatar', 'avatar', await png(600, 600, '#7c3aed'));
    await upload('/api/users/banner', 'banner', await png(1600, 600, '#0ea5e9'));
    const found = await call(south, bob, 'GET', `/api/users/lookup?acct=alice@${north.host}`);
    aliceOnSouth = found.data.id;
    expect(await servedBySouth(found.data.profile_picture_url)).toEqual({
      status: 200,
      type: 'image/webp',
      format: 'webp',
      width: 400,
      height: 400,
    });
    expect(await servedBySouth(found.data.profile_banner_url)).toMatchObject({
      status: 200,
      width: 1500,
      height: 500,
    });
  });

  it('stores a followed member’s picture with its description and size, for both APIs', async () => {
    await south.app.inject({
      method: 'POST',
      url: `/api/users/${aliceOnSouth}/follow`,
      headers: bob.headers,
    });
    await eventually(async () => {
      const profile = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
      expect(profile.data.is_following).toBe(true);
    });
    const uploaded = await upload('/api/posts/media', 'media', await png(800, 600, '#7c3aed'));
    const posted = await north.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: {
        content: 'A violet square',
        media: [{ url: uploaded.media_urls[0], alt: 'A violet rectangle on nothing' }],
      },
    });
    expect(posted.statusCode).toBe(201);
    await north.settled();

    const whisp = await eventually(async () => {
      const feed = await call(south, bob, 'GET', '/api/posts/following');
      const found = feed.posts.find(
        (post: { content: string }) => post.content === 'A violet square',
      );
      expect(found).toBeDefined();
      return found;
    });
    expect(whisp.media).toEqual([
      expect.objectContaining({
        alt: 'A violet rectangle on nothing',
        kind: 'image',
        width: 800,
        height: 600,
        blurhash: expect.any(String),
      }),
    ]);
    expect(await servedBySouth(whisp.media[0].url)).toMatchObject({
      status: 200,
      type: 'image/webp',
      width: 800,
      height: 600,
    });
    expect(await servedBySouth(whisp.media[0].preview_url)).toMatchObject({ status: 200 });

    // A Mastodon app on south shows it too, from south's own address.
    const { accessToken } = await signInWithApp(south.url, bob);
    const home = await fetch(`${south.url}/api/v1/timelines/home`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const statuses = (await home.json()) as {
      content: string;
      media_attachments: { url: string; description: string; meta: object }[];
    }[];
    const status = statuses.find((each) => each.content.includes('A violet square'));
    expect(status?.media_attachments).toEqual([
      expect.objectContaining({
        url: `${south.url}${whisp.media[0].url}`,
        description: 'A violet rectangle on nothing',
      }),
    ]);
  });

  it('shows the new picture of an edited whisp, and lets the one it replaced go', async () => {
    const before = await call(south, bob, 'GET', '/api/posts/following');
    const whisp = before.posts.find(
      (post: { content: string }) => post.content === 'A violet square',
    );
    const noteId = await south.database.kysely
      .selectFrom('posts')
      .select('uri')
      .where('id', '=', whisp.id)
      .executeTakeFirstOrThrow();
    const other = await upload('/api/posts/media', 'media', await png(300, 200, '#16a34a'));
    // Whisp's own edits keep a whisp's media; another server's edit may change them.
    await deliverSigned(north, 'alice', `${south.url}/users/bob/inbox`, {
      id: `${noteId.uri}#updates/picture`,
      type: 'Update',
      actor: `${north.url}/users/alice`,
      object: noteOf(north, 'alice', {
        id: noteId.uri ?? '',
        content: '<p>A green one now</p>',
        attachment: [
          {
            type: 'Document',
            mediaType: 'image/png',
            url: `${north.url}${other.media_urls[0]}`,
            name: 'A green rectangle',
          },
        ],
      }),
    });
    const edited = await eventually(async () => {
      const read = await call(south, bob, 'GET', `/api/posts/${whisp.id}`);
      expect(read.data.content).toBe('A green one now');
      return read.data;
    });
    expect(edited.media).toEqual([
      expect.objectContaining({ alt: 'A green rectangle', width: 300, height: 200 }),
    ]);
    expect(await servedBySouth(edited.media[0].url)).toMatchObject({ status: 200, width: 300 });
    // Nothing on south names the first picture any more.
    expect(await servedBySouth(whisp.media[0].url)).toEqual({ status: 404 });
  });

  it('keeps a whisp without the files that break the limits, and says why in the log', async () => {
    const noteId = `${north.url}/users/alice/whisps/00000000-0000-4000-8000-00000000a11c`;
    const file = (name: string) => ({
      type: 'Document',
      mediaType: 'image/png',
      url: `${origin.url}/${name}`,
      name: `The file ${name}`,
    });
    await deliverSigned(north, 'alice', `${south.url}/users/bob/inbox`, {
      id: `${noteId}/activity`,
      type: 'Create',
      actor: `${north.url}/users/alice`,
      to: 'https://www.w3.org/ns/activitystreams#Public',
      object: noteOf(north, 'alice', {
        id: noteId,
        content: '<p>Five files</p>',
        attachment: ['huge.png', 'sign-in.png', 'first.png', 'second.png', 'fifth.png'].map(file),
      }),
    });
    const stored = await eventually(async () => {
      const row = await south.database.kysely
        .selectFrom('posts')
        .select('id')
        .where('uri', '=', noteId)
        .executeTakeFirstOrThrow();
      return (await call(south, bob, 'GET', `/api/posts/${row.id}`)).data;
    });
    expect(stored.content).toBe('Five files');
    expect(
      stored.media.map((media: { alt: string; width: number }) => [media.alt, media.width]),
    ).toEqual([
      ['The file first.png', 120],
      ['The file second.png', 64],
    ]);
    // As many files as a whisp may carry are looked at; the fifth was never asked for.
    expect(origin.requested).toEqual(['/huge.png', '/sign-in.png', '/first.png', '/second.png']);
    expect(huge.done.finished).toBe(false);
    const refusals = southLogs
      .entries()
      .filter((entry) => entry.msg === 'federation: a remote file was refused and left out')
      .map((entry) => [entry.url, entry.reason]);
    expect(refusals).toEqual([
      [`${origin.url}/huge.png`, `larger than ${POST_IMAGE_MAX_BYTES} bytes`],
      [`${origin.url}/sign-in.png`, 'neither a picture nor a video'],
    ]);
    // Nothing half-downloaded stays behind.
    const temporary = path.join(mediaDirectory(south.config), 'tmp');
    expect(readdirSync(temporary)).toEqual([]);
  });

  it('replaces a remote member’s avatar when their actor, read again, names another', async () => {
    const before = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
    await upload('/api/users/avatar', 'avatar', await png(500, 500, '#f97316'));
    // South reads an actor again once a day (and Fedify keeps a copy of the document for five
    // minutes): alice's next delivery finds hers two days old, its copy gone.
    await south.database.kysely
      .updateTable('users')
      .set({ fetched_at: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where('id', '=', aliceOnSouth)
      .execute();
    await new DatabaseKvStore(south.database.kysely).delete([
      '_fedify',
      'remoteDocument',
      `${north.url}/users/alice`,
    ]);
    await north.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: { content: 'New picture' },
    });
    await north.settled();
    const after = await eventually(async () => {
      const profile = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
      expect(profile.data.profile_picture_url).not.toBe(before.data.profile_picture_url);
      return profile.data;
    });
    expect(await servedBySouth(after.profile_picture_url)).toMatchObject({
      status: 200,
      width: 400,
    });
    expect(await servedBySouth(before.data.profile_picture_url)).toEqual({ status: 404 });
  });

  it('downloads a remote member’s picture again only when their actor names another file', async () => {
    const { remoteMedia } = south.app.federation ?? {};
    if (!remoteMedia) throw new Error('federation is off');
    // Alice's actor as south would read it, naming pictures on the test's own server.
    const actorNaming = (icon: string) =>
      new Person({
        id: new URL(`${north.url}/users/alice`),
        icon: new Image({ url: new URL(`${origin.url}/${icon}`) }),
      });
    const asked = (file: string) => origin.requested.filter((each) => each === file).length;
    await refreshProfileImages(remoteMedia, aliceOnSouth, actorNaming('avatar.png'));
    await refreshProfileImages(remoteMedia, aliceOnSouth, actorNaming('avatar.png'));
    expect(asked('/avatar.png')).toBe(1);
    const profile = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
    expect(await servedBySouth(profile.data.profile_picture_url)).toMatchObject({ status: 200 });
    // That actor names no banner: the one south kept goes.
    expect(profile.data.profile_banner_url).toBeNull();

    await refreshProfileImages(remoteMedia, aliceOnSouth, actorNaming('other-avatar.png'));
    expect(asked('/other-avatar.png')).toBe(1);
    const changed = await call(south, bob, 'GET', `/api/users/${aliceOnSouth}`);
    expect(changed.data.profile_picture_url).not.toBe(profile.data.profile_picture_url);
  });
});
