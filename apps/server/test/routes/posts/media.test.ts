import { POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES } from '@whisp/api-client/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from './client.js';

interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with several file parts, as a browser's FormData would send it. */
function multipartFiles(parts: FilePart[]) {
  const boundary = `----whisp-test-${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'media'}"; ` +
        `filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width: number, height: number, background = '#7c3aed') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

// The first bytes of real containers: an ISO BMFF "ftyp" box, and an EBML header naming WebM.
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  Buffer.alloc(2048, 7),
]);
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.alloc(2048, 3),
]);

describe('media for whisps', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const send = (who: TestMember, parts: FilePart[]) => {
    const body = multipartFiles(parts);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/posts/media',
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
  };

  it('stores up to four images as WebP, keeping their shape, served from /media', async () => {
    const wide = await png(1200, 400);
    const response = await send(ann, [
      { filename: 'a.png', contentType: 'image/png', bytes: wide },
      { filename: 'b.png', contentType: 'image/png', bytes: await png(50, 80, '#111111') },
      { filename: 'c.png', contentType: 'image/png', bytes: await png(60, 60, '#222222') },
      { filename: 'd.png', contentType: 'image/png', bytes: await png(70, 70, '#333333') },
    ]);

    expect(response.statusCode).toBe(200);
    const { media_urls } = response.json();
    expect(media_urls).toHaveLength(4);
    for (const url of media_urls) expect(url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: media_urls[0] });
    expect(served.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(served.rawPayload).metadata();
    expect([width, height]).toEqual([1200, 400]);

    const whisp = await api.whisp(ann, '', { media_urls });
    expect(whisp.media_urls).toEqual(media_urls);
  });

  it('stores one MP4 or WebM video, recognised from its bytes, as sent', async () => {
    for (const [bytes, extension, type] of [
      [mp4, 'mp4', 'video/mp4'],
      [webm, 'webm', 'video/webm'],
    ] as const) {
      const response = await send(ann, [
        { filename: 'clip.bin', contentType: 'application/octet-stream', bytes },
      ]);
      expect(response.statusCode).toBe(200);
      const [url] = response.json().media_urls;
      expect(url).toMatch(new RegExp(`^/media/[a-f0-9]{64}\\.${extension}$`));
      const served = await testApp.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses five images, or a video with anything else', async () => {
    const image = { filename: 'x.png', contentType: 'image/png', bytes: await png(10, 10) };
    const video = { filename: 'v.mp4', contentType: 'video/mp4', bytes: mp4 };

    for (const parts of [
      [image, image, image, image, image],
      [video, image],
      [video, video],
    ]) {
      const response = await send(ann, parts);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('A whisp can have up to 4 images or one video');
    }
  });

  it('refuses what is neither an image nor a video with 415, whatever its declared type', async () => {
    const response = await send(ann, [
      { filename: 'evil.png', contentType: 'image/png', bytes: Buffer.from('<svg onload="x()"/>') },
    ]);

    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(
      'Please select images (JPEG, PNG, GIF or WebP) or a video (MP4 or WebM)',
    );
  });

  it('refuses an image over the image limit with 413', async () => {
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(POST_IMAGE_MAX_BYTES)]);
    const response = await send(ann, [
      { filename: 'big.png', contentType: 'image/png', bytes: huge },
    ]);

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Images must be smaller than 10MB');
  });

  it('refuses a video over the video limit with 413', async () => {
    const huge = Buffer.concat([mp4, Buffer.alloc(POST_VIDEO_MAX_BYTES)]);
    const response = await send(ann, [
      { filename: 'big.mp4', contentType: 'video/mp4', bytes: huge },
    ]);

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Videos must be smaller than 40MB');
  });

  it('refuses a request without media', async () => {
    const response = await send(ann, []);
    expect(response.statusCode).toBe(400);
  });

  it('refuses media_urls that this member did not upload', async () => {
    const mine = (
      await send(ann, [{ filename: 'a.png', contentType: 'image/png', bytes: await png(20, 20) }])
    ).json().media_urls;

    for (const media_urls of [mine, ['/media/../../etc/passwd'], ['https://evil.example/x.png']]) {
      const response = await api.post('/api/posts', bob, { content: 'Look', media_urls });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Some attached media could not be found. Please upload it again and retry',
      );
    }
  });

  it('refuses a whisp with a video and an image', async () => {
    const video = (
      await send(ann, [{ filename: 'v.webm', contentType: 'video/webm', bytes: webm }])
    ).json().media_urls;
    const image = (
      await send(ann, [{ filename: 'a.png', contentType: 'image/png', bytes: await png(30, 20) }])
    ).json().media_urls;

    const response = await api.post('/api/posts', ann, {
      content: '',
      media_urls: [...video, ...image],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A whisp can have up to 4 images or one video');
  });

  it('lists whisps with media on the media tab', async () => {
    const media_urls = (
      await send(ann, [{ filename: 'a.png', contentType: 'image/png', bytes: await png(40, 20) }])
    ).json().media_urls;
    const withMedia = await api.whisp(ann, 'Pic', { media_urls });
    await api.whisp(ann, 'No pic');

    const tab = (await api.get(`/api/users/${ann.id}/posts?tab=media`, bob)).json();

    expect(tab.posts.map((post: { id: string }) => post.id)).toContain(withMedia.id);
    expect(tab.posts.every((post: { media_urls: string[] }) => post.media_urls.length > 0)).toBe(
      true,
    );
  });
});
