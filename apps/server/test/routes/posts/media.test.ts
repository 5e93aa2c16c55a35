import path from 'node:path';
import { POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES } from '@whisp/api-client/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import {
  expectOnlyWebp,
  filesToRefuse,
  pixelBombPng,
  polyglotsToClean,
  zipWithHtml,
} from '../../security/hostile-files.js';
import { installWriteDetector, type WriteDetector } from '../../security/write-detector.js';
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
  let detector: WriteDetector;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
    detector = await installWriteDetector(
      testApp.database,
      path.join(testApp.config.dataDir, 'media'),
    );
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

  describe('upload attacks', () => {
    const part = (file: { filename: string; contentType: string; bytes: Buffer }) => ({
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.bytes,
    });

    it('refuses what is no image, or only starts like one, with 415 and a clear message, writing nothing', async () => {
      for (const file of await filesToRefuse()) {
        const before = await detector.snapshot();
        const response = await send(ann, [part(file)]);

        expect(response.statusCode, file.name).toBe(415);
        const body = response.json();
        expect(body, file.name).toMatchObject({ success: false });
        expect(['UNSUPPORTED_MEDIA_TYPE', 'UNREADABLE_IMAGE'], file.name).toContain(body.code);
        expect(body.message, file.name).toMatch(/^(Please select|This image could not)/);
        expect(await detector.changesSince(before), file.name).toEqual([]);
      }
    });

    it('refuses a decompression bomb with 413 TOO_MANY_PIXELS, writing nothing', async () => {
      const before = await detector.snapshot();
      const response = await send(ann, [
        { filename: 'bomb.png', contentType: 'image/png', bytes: pixelBombPng() },
      ]);

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        success: false,
        code: 'TOO_MANY_PIXELS',
        message: 'This image has too many pixels. Please select a smaller image',
      });
      expect(await detector.changesSince(before)).toEqual([]);
    });

    it('stores nothing when one image of several is refused, even after good ones', async () => {
      const good = { filename: 'good.png', contentType: 'image/png', bytes: await png(32, 32) };
      const [, , , , , , cut] = await filesToRefuse();
      const before = await detector.snapshot();

      const response = await send(ann, [good, part(cut as Parameters<typeof part>[0])]);

      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNREADABLE_IMAGE');
      expect(await detector.changesSince(before)).toEqual([]);
    });

    it('re-encodes an image carrying a second file or a script: only a WebP is stored, the payload is gone', async () => {
      for (const file of await polyglotsToClean()) {
        const response = await send(ann, [part(file)]);

        expect(response.statusCode, `${file.name}: ${response.body}`).toBe(200);
        const [url] = response.json().media_urls;
        const served = await testApp.app.inject({ method: 'GET', url });
        expect(served.headers['content-type'], file.name).toBe('image/webp');
        expect(() => expectOnlyWebp(served.rawPayload), file.name).not.toThrow();
      }
    });

    it('has a payload check that sees a zip appended to a WebP', async () => {
      const webp = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#000' },
      })
        .webp()
        .toBuffer();
      expect(() => expectOnlyWebp(webp)).not.toThrow();
      expect(() => expectOnlyWebp(Buffer.concat([webp, zipWithHtml()]))).toThrow(/RIFF declares/);
    });

    it('goes by the bytes, not the declared type: a PNG sent as a video is an image, an MP4 sent as a PNG a video', async () => {
      const image = await send(ann, [
        { filename: 'clip.mp4', contentType: 'video/mp4', bytes: await png(24, 24) },
      ]);
      const video = await send(ann, [
        { filename: 'pic.png', contentType: 'image/png', bytes: mp4 },
      ]);

      expect(image.json().media_urls[0]).toMatch(/\.webp$/);
      expect(video.json().media_urls[0]).toMatch(/\.mp4$/);
    });

    it('serves a video kept as sent so that no browser runs what rides along in it', async () => {
      // Videos are stored as sent (no re-encoder on the server): an MP4 with a page after its
      // header is kept, so it must never be read as a page.
      const polyglot = Buffer.concat([mp4, Buffer.from('<html><script>alert(1)</script></html>')]);
      const [url] = (
        await send(ann, [{ filename: 'x.html', contentType: 'text/html', bytes: polyglot }])
      ).json().media_urls;

      const served = await testApp.app.inject({ method: 'GET', url });

      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // And were it ever read as a page, it could load and run nothing, in a sandbox.
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });
  });

  it('refuses a form it cannot read (no boundary, cut short) with 400 MALFORMED_FORM', async () => {
    const cutShort =
      '--x\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\n\x89PNG';
    for (const [contentType, payload] of [
      ['multipart/form-data', ''],
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data; boundary=x', cutShort],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/posts/media',
        headers: { ...ann.headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${payload}`).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'MALFORMED_FORM',
        message: 'The upload could not be read. Please choose the file and try again',
      });
    }
  });
});
