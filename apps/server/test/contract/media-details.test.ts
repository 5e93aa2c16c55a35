import { MEDIA_PREVIEW_MAX_SIDE } from '@whisp/api-client/contract';
import { isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { importInto } from './archive.js';
import { file, mp4Bytes } from './media.js';
import { type Member, ok, signUp, TARGETS, type Target, useTarget, whisp } from './target.js';

// Composer 1.2, "Animated images" and "Image details": media[] tells each attachment's kind
// (an animated GIF or WebP is "animated"), size, preview and blurhash.

const STORED = /^\/media\/[a-f0-9]{64}\.webp$/;

/** A still picture of this size, as an upload in `format`. */
async function still(format: 'png' | 'gif' | 'jpeg' | 'webp', width: number, height: number) {
  const image = sharp({ create: { width, height, channels: 3, background: '#0e7490' } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** An animation of `frames` frames of 30 × 20, each its own colour and shown for 100 ms. */
async function animation(format: 'gif' | 'webp', frames = 3) {
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({
        create: {
          width: 30,
          height: 20,
          channels: 4,
          background: { r: index * 80, g: 60, b: 200, alpha: 1 },
        },
      })
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(pictures, { join: { animated: true } });
  const delay = Array.from({ length: frames }, () => 100);
  const bytes = format === 'gif' ? joined.gif({ delay }) : joined.webp({ delay });
  return new Uint8Array(await bytes.toBuffer());
}

async function upload(
  target: Target,
  member: Member,
  name: string,
  type: string,
  bytes: Uint8Array,
) {
  const body = ok(
    await target.call('POST', '/api/posts/media', {
      token: member.token,
      form: [file('media', name, type, bytes)],
    }),
  );
  return body.media_urls[0] as string;
}

/** The whisp's one attachment as a reader gets it, after checking every way agrees. */
async function attachmentOf(target: Target, member: Member, url: string) {
  const post = await whisp(target, member, '', { media: [{ url }] });
  const read = ok(await target.call('GET', `/api/posts/${post.id}`, { token: member.token }));
  const feed = ok(await target.call('GET', '/api/posts/timeline', { token: member.token }));
  expect(read.data.media).toEqual(post.media);
  expect(feed.posts.find((shown: { id: string }) => shown.id === post.id).media).toEqual(
    post.media,
  );
  expect(post.media).toHaveLength(1);
  return post.media[0];
}

describe.each(TARGETS)('media details (%s)', (name) => {
  const target = useTarget(name);

  it('tells a still picture’s size, preview and blurhash', async () => {
    const member = await signUp(target);
    const url = await upload(target, member, 'tide.png', 'image/png', await still('png', 40, 24));
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toEqual({
      url,
      alt: null,
      kind: 'image',
      width: 40,
      height: 24,
      preview_url: expect.stringMatching(STORED),
      blurhash: expect.any(String),
    });
    expect(isBlurhashValid(attachment.blurhash)).toEqual({ result: true });
    const preview = await target.call('GET', attachment.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\//);
  });

  it('keeps a large picture’s shape and gives a smaller preview', async () => {
    const member = await signUp(target);
    const bytes = await still('png', 1000, 500);
    const url = await upload(target, member, 'wide.png', 'image/png', bytes);
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toMatchObject({ kind: 'image', width: 1000, height: 500 });
    if (name === 'server') {
      // The mocks cannot shrink a picture: their preview is the picture itself.
      expect(attachment.preview_url).not.toBe(url);
      const preview = await target.call('GET', attachment.preview_url);
      const size = await sharp(preview.bytes).metadata();
      expect(size.format).toBe('webp');
      expect(Math.max(size.width ?? 0, size.height ?? 0)).toBe(MEDIA_PREVIEW_MAX_SIDE);
      expect((size.width ?? 0) / (size.height ?? 1)).toBeCloseTo(2, 1);
    }
  });

  it('keeps an animated GIF moving, as "animated"', async () => {
    const member = await signUp(target);
    const url = await upload(target, member, 'wave.gif', 'image/gif', await animation('gif'));
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toEqual({
      url,
      alt: null,
      kind: 'animated',
      width: 30,
      height: 20,
      preview_url: expect.stringMatching(STORED),
      blurhash: expect.any(String),
    });
    if (name === 'server') {
      // Stored as an animated WebP with every frame and its delay; the preview is a still.
      const served = await target.call('GET', url);
      const stored = await sharp(served.bytes, { animated: true }).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.pages).toBe(3);
      expect(stored.delay).toEqual([100, 100, 100]);
      const preview = await target.call('GET', attachment.preview_url);
      expect((await sharp(preview.bytes, { animated: true }).metadata()).pages ?? 1).toBe(1);
    }
  });

  it('keeps an animated WebP moving, as "animated"', async () => {
    const member = await signUp(target);
    const url = await upload(target, member, 'spin.webp', 'image/webp', await animation('webp', 4));
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toMatchObject({ kind: 'animated', width: 30, height: 20 });
    if (name === 'server') {
      const served = await target.call('GET', url);
      expect((await sharp(served.bytes, { animated: true }).metadata()).pages).toBe(4);
    }
  });

  it.each([
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('reads the size of a still %s', async (format, type) => {
    const member = await signUp(target);
    const url = await upload(target, member, `photo.${format}`, type, await still(format, 33, 47));
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toMatchObject({ kind: 'image', width: 33, height: 47 });
  });

  it('takes a GIF of one frame for a still image', async () => {
    const member = await signUp(target);
    const url = await upload(target, member, 'dot.gif', 'image/gif', await still('gif', 12, 9));
    const attachment = await attachmentOf(target, member, url);
    expect(attachment).toMatchObject({ kind: 'image', width: 12, height: 9 });
  });

  it('tells nothing it cannot know of a video', async () => {
    const member = await signUp(target);
    const url = await upload(target, member, 'clip.mp4', 'video/mp4', mp4Bytes());
    expect(await attachmentOf(target, member, url)).toEqual({
      url,
      alt: null,
      kind: 'video',
      width: null,
      height: null,
      preview_url: null,
      blurhash: null,
    });
  });

  it('gives an imported whisp’s animation its details again', async () => {
    const [ada, cleo] = [await signUp(target), await signUp(target)];
    const url = await upload(target, ada, 'wave.gif', 'image/gif', await animation('gif'));
    await whisp(target, ada, 'Moving', { media: [{ url }] });
    const archive = await target.call('GET', '/api/users/me/export', { token: ada.token });
    expect(archive.status).toBe(200);
    ok(await importInto(target, cleo, archive.bytes));
    const tab = ok(
      await target.call('GET', `/api/users/${cleo.id}/posts?tab=posts`, { token: cleo.token }),
    );
    const [imported] = tab.posts[0].media;
    expect(imported).toEqual({
      url: expect.stringMatching(STORED),
      alt: null,
      kind: 'animated',
      width: 30,
      height: 20,
      preview_url: expect.stringMatching(STORED),
      blurhash: expect.any(String),
    });
    expect((await target.call('GET', imported.preview_url)).status).toBe(200);
    if (name === 'server') {
      const served = await target.call('GET', imported.url);
      expect((await sharp(served.bytes, { animated: true }).metadata()).pages).toBe(3);
    }
  });

  it('gives a rewhisp the original’s details', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const url = await upload(target, author, 'wave.gif', 'image/gif', await animation('gif'));
    const post = await whisp(target, author, 'Look', { media: [{ url, alt: 'A wave' }] });
    ok(await target.call('POST', `/api/posts/${post.id}/rewhisp`, { token: fan.token, json: {} }));
    const tab = ok(
      await target.call('GET', `/api/users/${fan.id}/posts?tab=rewhisps`, { token: fan.token }),
    );
    expect(tab.posts[0].rewhisp_of.media).toEqual(post.media);
    expect(post.media[0]).toMatchObject({ alt: 'A wave', kind: 'animated', width: 30 });
  });
});
