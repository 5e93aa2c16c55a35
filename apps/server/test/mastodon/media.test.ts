import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  describeError,
  MEDIA_ALT_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
} from '@whisp/api-client/contract';
import { MASTODON_MESSAGES, MASTODON_SCHEDULE_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Media through the Mastodon client API (1.2), driven by masto.js and megalodon: an upload is
// checked and stored as Whisp's own is, described, named by id in a status, and read back there
// under the same id.

const MASTODON_ID = /^[1-9][0-9]{17}$/;

/** A real PNG of this size, one colour. */
const png = (width: number, height: number, background = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

// The first bytes of an MP4 (an ISO BMFF "ftyp" box): Whisp stores a video as sent.
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  Buffer.alloc(2048, 7),
]);

const asBlob = (bytes: Buffer, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

describe('Mastodon apps: media', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceToken: string;
  let aliceApp: mastodon.rest.Client;
  let bobApp: mastodon.rest.Client;
  let bobToken: string;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    bobToken = (await signInWithApp(server.url, bob)).accessToken;
    bobApp = createRestAPIClient({ url: server.url, accessToken: bobToken });
  });
  afterAll(() => server?.close());

  /** How many files the member has uploaded (post_media rows). */
  const uploadCount = async (memberId: string) => {
    const row = await server.database.kysely
      .selectFrom('post_media')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('uploads a picture, describes it, posts it, and shows it in the status under the same id', async () => {
    const uploaded = await aliceApp.v2.media.create({
      file: asBlob(await png(300, 200)),
      description: 'A red rectangle',
    });
    expect(uploaded.id).toMatch(MASTODON_ID);
    expect(uploaded).toMatchObject({
      type: 'image',
      description: 'A red rectangle',
      meta: { original: { width: 300, height: 200, size: '300x200', aspect: 1.5 } },
    });
    expect(uploaded.url).toMatch(new RegExp(`^${server.url}/media/[a-f0-9]{64}\\.webp$`));
    expect(uploaded.previewUrl).toMatch(new RegExp(`^${server.url}/media/`));
    expect(uploaded.blurhash).toEqual(expect.any(String));

    const described = await aliceApp.v1.media
      .$select(uploaded.id)
      .update({ description: 'A red rectangle, wider than tall' });
    expect(described).toMatchObject({
      id: uploaded.id,
      description: 'A red rectangle, wider than tall',
    });
    expect((await aliceApp.v1.media.$select(uploaded.id).fetch()).description).toBe(
      'A red rectangle, wider than tall',
    );

    const status = await aliceApp.v1.statuses.create({ status: 'Look', mediaIds: [uploaded.id] });
    expect(status.mediaAttachments).toEqual([
      expect.objectContaining({
        id: uploaded.id,
        type: 'image',
        url: uploaded.url,
        previewUrl: uploaded.previewUrl,
        description: 'A red rectangle, wider than tall',
        blurhash: uploaded.blurhash,
        meta: expect.objectContaining({
          original: { width: 300, height: 200, size: '300x200', aspect: 1.5 },
        }),
      }),
    ]);
    // The public timeline reads a status's media ids in the page's own statement: the same.
    const [listed] = await aliceApp.v1.timelines.public.list({ limit: 1 });
    expect(listed?.mediaAttachments).toEqual(status.mediaAttachments);
    // Another member reads it the same way, and the files answer at their absolute URLs.
    const seen = await bobApp.v1.statuses.$select(status.id).fetch();
    expect(seen.mediaAttachments.map((attachment) => attachment.id)).toEqual([uploaded.id]);
    for (const url of [uploaded.url, uploaded.previewUrl]) {
      const file = await fetch(url ?? '');
      expect(file.status, url ?? '').toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
    }

    // Whisp's own API shows the same whisp with the description the upload was given.
    const whispId = await server.app.repositories.mastodon.postIdOf(status.id);
    const whisp = await server.app.inject({
      method: 'GET',
      url: `/api/posts/${whispId ?? ''}`,
      headers: alice.headers,
    });
    expect(whisp.json().data.media).toEqual([
      expect.objectContaining({
        url: new URL(uploaded.url ?? '').pathname,
        alt: 'A red rectangle, wider than tall',
        width: 300,
        height: 200,
      }),
    ]);
  });

  it('numbers uploads in the order they were made, and attaches them in the order named', async () => {
    const first = await aliceApp.v2.media.create({ file: asBlob(await png(40, 40, '#111')) });
    const second = await aliceApp.v2.media.create({ file: asBlob(await png(40, 40, '#222')) });
    expect(BigInt(second.id)).toBeGreaterThan(BigInt(first.id));
    expect(first.description).toBeNull();

    const status = await aliceApp.v1.statuses.create({ mediaIds: [second.id, first.id] });
    expect(status.mediaAttachments.map((attachment) => attachment.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(status.content).toBe('');
  });

  it('takes a video as Whisp does, alone in a status', async () => {
    const video = await aliceApp.v2.media.create({ file: asBlob(mp4, 'video/mp4') });
    expect(video.type).toBe('video');
    // No ffmpeg to read a video's size with: no size rather than a made-up one.
    expect(video.meta).toEqual({});
    expect(video.url).toMatch(/\.mp4$/);
    // Whisp keeps no still of a video: the file stands in for its preview.
    expect(video.previewUrl).toBe(video.url);
    const picture = await aliceApp.v2.media.create({ file: asBlob(await png(16, 16)) });
    await expect(
      aliceApp.v1.statuses.create({ status: 'Both', mediaIds: [video.id, picture.id] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: describeError('tooManyAttachments').message,
    });
    const status = await aliceApp.v1.statuses.create({ status: 'Watch', mediaIds: [video.id] });
    expect(status.mediaAttachments).toEqual([
      expect.objectContaining({ id: video.id, type: 'video', url: video.url }),
    ]);
  });

  it('keeps a status’s media on edit when the same ids come back, and refuses to change them', async () => {
    const picture = await aliceApp.v2.media.create({ file: asBlob(await png(50, 30)) });
    const other = await aliceApp.v2.media.create({ file: asBlob(await png(30, 50)) });
    const status = await aliceApp.v1.statuses.create({ status: 'Before', mediaIds: [picture.id] });

    const edited = await aliceApp.v1.statuses
      .$select(status.id)
      .update({ status: 'After', mediaIds: [picture.id] });
    expect(edited.content).toBe('<p>After</p>');
    expect(edited.mediaAttachments.map((attachment) => attachment.id)).toEqual([picture.id]);

    await expect(
      aliceApp.v1.statuses.$select(status.id).update({ status: 'Swap', mediaIds: [other.id] }),
    ).rejects.toMatchObject({ statusCode: 422, message: MASTODON_MESSAGES.mediaUnchangeable });
    const kept = await aliceApp.v1.statuses.$select(status.id).fetch();
    expect(kept.content).toBe('<p>After</p>');
    expect(kept.mediaAttachments.map((attachment) => attachment.id)).toEqual([picture.id]);
  });

  it('keeps an upload to its uploader: another member cannot read, describe or attach it', async () => {
    const uploaded = await aliceApp.v2.media.create({
      file: asBlob(await png(20, 20)),
      description: 'Alice’s',
    });
    await expect(bobApp.v1.media.$select(uploaded.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
      message: MASTODON_MESSAGES.recordNotFound,
    });
    await expect(
      bobApp.v1.media.$select(uploaded.id).update({ description: 'Bob’s now' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      bobApp.v1.statuses.create({ status: 'Stolen', mediaIds: [uploaded.id] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: describeError('mediaNotUploaded').message,
    });
    expect((await aliceApp.v1.media.$select(uploaded.id).fetch()).description).toBe('Alice’s');
  });

  it('refuses a file that is not a picture or a video, and one too large, in Whisp’s words', async () => {
    await expect(
      aliceApp.v2.media.create({
        file: asBlob(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml'),
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: describeError('notMedia').message });
    await expect(
      aliceApp.v2.media.create({ file: asBlob(Buffer.from('not a picture at all')) }),
    ).rejects.toMatchObject({ statusCode: 422, message: describeError('notMedia').message });

    // A PNG's signature, then more bytes than a picture may have.
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = Buffer.concat([signature, Buffer.alloc(POST_IMAGE_MAX_BYTES)]);
    await expect(aliceApp.v2.media.create({ file: asBlob(huge) })).rejects.toMatchObject({
      statusCode: 413,
      message: describeError('postImageTooLarge').message,
    });

    // A description longer than a whisp's media[].alt may be: refused before anything is kept.
    const uploadsBefore = await uploadCount(alice.id);
    await expect(
      aliceApp.v2.media.create({
        file: asBlob(await png(12, 12, '#8e44ad')),
        description: 'x'.repeat(MEDIA_ALT_MAX_LENGTH + 1),
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: describeError('altTooLong').message });
    expect(await uploadCount(alice.id)).toBe(uploadsBefore);

    // A form without a file.
    const empty = await fetch(`${server.url}/api/v2/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceToken}` },
      body: (() => {
        const form = new FormData();
        form.append('description', 'Nothing attached');
        return form;
      })(),
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({ error: MASTODON_MESSAGES.mediaFileRequired });
  });

  it('refuses a token without write:media, with 403', async () => {
    const carol = await registerMember(server.app);
    const readOnly = createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, carol, 'read write:statuses')).accessToken,
    });
    await expect(
      readOnly.v2.media.create({ file: asBlob(await png(10, 10)) }),
    ).rejects.toMatchObject({ statusCode: 403, message: MASTODON_MESSAGES.outsideScopes });
    const own = await server.app.inject({
      method: 'GET',
      url: '/api/v1/media/100000000000000000',
      headers: {
        authorization: `Bearer ${(await signInWithApp(server.url, carol, 'read')).accessToken}`,
      },
    });
    expect(own.statusCode).toBe(403);
  });

  it('uploads, describes and posts through megalodon', async () => {
    const file = path.join(tmpdir(), `whisp-megalodon-${process.pid}.png`);
    await writeFile(file, await png(120, 90, '#16a085'));
    const client = generator('mastodon', server.url, aliceToken);

    const uploaded = await client
      .uploadMedia(createReadStream(file), { description: 'A green field' })
      .finally(() => rm(file, { force: true }));
    expect(uploaded.status).toBe(200);
    const attachment = uploaded.data;
    expect(attachment.id).toMatch(MASTODON_ID);
    expect(attachment).toMatchObject({
      type: 'image',
      description: 'A green field',
      meta: { original: { width: 120, height: 90 } },
    });

    const updated = await client.updateMedia(attachment.id, { description: 'A greener field' });
    expect(updated.data).toMatchObject({ id: attachment.id, description: 'A greener field' });
    expect((await client.getMedia(attachment.id)).data.description).toBe('A greener field');

    const posted = await client.postStatus('Outside', { media_ids: [attachment.id] });
    const status = posted.data as { media_attachments: { id: string; description: string }[] };
    expect(status.media_attachments).toEqual([
      expect.objectContaining({ id: attachment.id, description: 'A greener field' }),
    ]);
  });

  /** DELETE /api/v1/media/{id} (masto.js 8 has no call for it). */
  const deleteUpload = (id: string, token = aliceToken) =>
    fetch(`${server.url}/api/v1/media/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });

  it('deletes an upload no status shows, with its files, and refuses one a status shows', async () => {
    const uploaded = await aliceApp.v2.media.create({ file: asBlob(await png(33, 21, '#f1c40f')) });
    const before = await uploadCount(alice.id);
    // Another member's upload is not found, and stays.
    const byBob = await deleteUpload(uploaded.id, bobToken);
    expect(byBob.status).toBe(404);
    expect(await byBob.json()).toEqual({ error: MASTODON_MESSAGES.recordNotFound });

    const deleted = await deleteUpload(uploaded.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({});
    expect(await uploadCount(alice.id)).toBe(before - 1);
    await expect(aliceApp.v1.media.$select(uploaded.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
    // Nothing else names its files: they are gone too.
    for (const url of [uploaded.url, uploaded.previewUrl]) {
      expect((await fetch(url ?? '')).status, url ?? '').toBe(404);
    }
    expect((await deleteUpload(uploaded.id)).status).toBe(404);

    // Shown by a status: refused, and kept, until the status is deleted.
    const shown = await aliceApp.v2.media.create({ file: asBlob(await png(21, 33, '#d35400')) });
    const status = await aliceApp.v1.statuses.create({ status: 'Kept', mediaIds: [shown.id] });
    const refused = await deleteUpload(shown.id);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: MASTODON_SCHEDULE_MESSAGES.mediaInUse });
    expect((await fetch(shown.url ?? '')).status).toBe(200);
    await aliceApp.v1.statuses.$select(status.id).remove();
    expect((await deleteUpload(shown.id)).status).toBe(200);
  });

  it('edits with media_attributes that change nothing, and refuses a changed description', async () => {
    const picture = await aliceApp.v2.media.create({
      file: asBlob(await png(44, 22, '#2c3e50')),
      description: 'Dark blue',
    });
    const status = await aliceApp.v1.statuses.create({ status: 'Dark', mediaIds: [picture.id] });
    const edit = aliceApp.v1.statuses.$select(status.id);

    // As Elk and Ice Cubes send an edit: the ids and each description again, and a focal point.
    const edited = await edit.update({
      status: 'Darker',
      mediaIds: [picture.id],
      mediaAttributes: [{ id: picture.id, description: 'Dark blue', focus: '0.0,0.0' }],
    });
    expect(edited.content).toBe('<p>Darker</p>');
    expect(edited.mediaAttachments).toEqual([
      expect.objectContaining({ id: picture.id, description: 'Dark blue' }),
    ]);

    await expect(
      edit.update({
        status: 'Darkest',
        mediaIds: [picture.id],
        mediaAttributes: [{ id: picture.id, description: 'Navy' }],
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: MASTODON_SCHEDULE_MESSAGES.descriptionUnchangeable,
    });
    await expect(
      edit.update({ status: 'Darkest', mediaAttributes: [{ id: '100000000000000000' }] }),
    ).rejects.toMatchObject({ statusCode: 422, message: MASTODON_MESSAGES.mediaUnchangeable });
    // Nothing of a refused edit was kept.
    const kept = await edit.fetch();
    expect(kept.content).toBe('<p>Darker</p>');
    expect(kept.mediaAttachments[0]?.description).toBe('Dark blue');
  });
});
