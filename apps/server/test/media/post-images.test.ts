import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirectory } from '../../src/config.js';
import { MAX_INPUT_PIXELS } from '../../src/media/images.js';
import { MAX_ANIMATION_FRAMES } from '../../src/posts/media.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';

// What only the server can show about a whisp's pictures (media-details.test.ts has the rest,
// on both targets): the limits an animation meets, the preview files on disk, and uploads
// recorded before their details were kept.

const TOO_MANY_PIXELS = {
  success: false,
  code: 'TOO_MANY_PIXELS',
  message: 'This image has too many pixels. Please select a smaller image',
};

/**
 * A GIF declaring `frames` frames of width × height, written byte by byte: each frame is an
 * empty picture (its compressed data says "clear" then "end"), so the file stays a few bytes a
 * frame whatever size it claims. An attacker's file looks like this.
 */
function declaredGif(width: number, height: number, frames: number) {
  const size = (value: number) => [value & 0xff, value >> 8];
  const bytes = [...Buffer.from('GIF89a'), ...size(width), ...size(height), 0, 0, 0];
  for (let frame = 0; frame < frames; frame += 1) {
    // Graphic control (a delay of 10 × 10 ms), then the image with a 2-colour local table.
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, ...size(width), ...size(height), 0x80, 0, 0, 0, 255, 255, 255);
    // LZW minimum code size 2: clear (4) and end (5) in 3 bits each are one byte, 0x2c.
    bytes.push(2, 1, 0x2c, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

/**
 * A real animation of `frames` frames of 4 × 4, made by sharp. Each frame differs from the one
 * before it (encoders fold a frame equal to the last into its delay).
 */
async function animation(frames: number) {
  const colours = ['#000000', '#ffffff', '#7c3aed'];
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({
        create: { width: 4, height: 4, channels: 3, background: colours[index % 3] as string },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pictures, { join: { animated: true } })
    .gif()
    .toBuffer();
}

async function picture(width: number, height: number, red = 40) {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

const fileOf = (mediaDir: string, key: string) => path.join(mediaDir, key.slice(0, 2), key);
const keyOf = (url: string) => url.split('/').pop() as string;

describe('a whisp’s pictures on the server', () => {
  let testApp: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    mediaDir = mediaDirectory(testApp.config);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const upload = (member: TestMember, bytes: Buffer, name = 'picture.gif', type = 'image/gif') => {
    const form = multipartFile('media', name, type, bytes);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/posts/media',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
  };

  async function post(member: TestMember, url: string) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: member.headers,
      payload: { content: 'A picture', media_urls: [url] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  it(`refuses an animation of more than ${MAX_ANIMATION_FRAMES} frames, before decoding it`, async () => {
    const member = await registerMember(testApp.app);
    const response = await upload(member, declaredGif(1, 1, MAX_ANIMATION_FRAMES + 1));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual(TOO_MANY_PIXELS);
  });

  it(`takes an animation of ${MAX_ANIMATION_FRAMES} frames`, async () => {
    const member = await registerMember(testApp.app);
    const response = await upload(member, await animation(MAX_ANIMATION_FRAMES));
    expect(response.statusCode, response.body).toBe(200);
    const [attachment] = (await post(member, response.json().media_urls[0])).media;
    expect(attachment).toMatchObject({ kind: 'animated', width: 4, height: 4 });
    const stored = await sharp(fileOf(mediaDir, keyOf(attachment.url)), {
      animated: true,
    }).metadata();
    expect(stored.pages).toBe(MAX_ANIMATION_FRAMES);
  });

  it('counts the pixels of every frame together against the pixel limit', async () => {
    const member = await registerMember(testApp.app);
    // Each frame alone is well under the limit; the three together are over it.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS / 2.5));
    const response = await upload(member, declaredGif(side, side, 3));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual(TOO_MANY_PIXELS);
  });

  it('deletes a picture’s preview with the account, unless another member uses the picture', async () => {
    const [ada, ben] = [await registerMember(testApp.app), await registerMember(testApp.app)];
    const own = (
      await post(ada, (await upload(ada, await picture(900, 600, 1))).json().media_urls[0])
    ).media[0];
    const sharedBytes = await picture(900, 600, 2);
    const shared = (await post(ada, (await upload(ada, sharedBytes)).json().media_urls[0]))
      .media[0];
    await post(ben, (await upload(ben, sharedBytes)).json().media_urls[0]);
    // A picture larger than a preview has a preview file of its own.
    expect(own.preview_url).not.toBe(own.url);
    expect(existsSync(fileOf(mediaDir, keyOf(own.preview_url)))).toBe(true);

    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ada.headers,
      payload: { password: ada.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(existsSync(fileOf(mediaDir, keyOf(own.url)))).toBe(false);
    expect(existsSync(fileOf(mediaDir, keyOf(own.preview_url)))).toBe(false);
    expect(existsSync(fileOf(mediaDir, keyOf(shared.preview_url)))).toBe(true);
  });

  it('answers nulls for an upload recorded before its details, until the same bytes come again', async () => {
    const member = await registerMember(testApp.app);
    const bytes = await picture(50, 30);
    const url = (await upload(member, bytes, 'old.png', 'image/png')).json().media_urls[0];
    // As a row written before 0016_media_details.sql reads.
    await sql`
      update post_media set animated = false, width = null, height = null, preview_key = null,
        blurhash = null
      where user_id = ${member.id} and key = ${keyOf(url)}
    `.execute(testApp.database.kysely);
    const before = await post(member, url);
    expect(before.media).toEqual([
      {
        url,
        alt: null,
        kind: 'image',
        width: null,
        height: null,
        preview_url: null,
        blurhash: null,
      },
    ]);

    await upload(member, bytes, 'again.png', 'image/png');
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/posts/${before.id}`,
      headers: member.headers,
    });
    expect(read.json().data.media).toEqual([
      {
        url,
        alt: null,
        kind: 'image',
        width: 50,
        height: 30,
        preview_url: url,
        blurhash: expect.any(String),
      },
    ]);
  });
});
