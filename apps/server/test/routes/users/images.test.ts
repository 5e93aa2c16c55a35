import path from 'node:path';
import { AVATAR_MAX_BYTES, BANNER_MAX_BYTES } from '@whisp/api-client/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { multipartFile } from '../../multipart.js';
import {
  expectOnlyWebp,
  filesToRefuse,
  type HostileFile,
  pixelBombPng,
  polyglotsToClean,
} from '../../security/hostile-files.js';
import { installWriteDetector, type WriteDetector } from '../../security/write-detector.js';

// The EXIF tag that points to the GPS block, as a little-endian TIFF (what libvips writes) stores it.
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

// A photo as phones take them: where it was taken, and who took it, ride along in EXIF.
async function photoWithGpsMetadata() {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#7c3aed' } })
    .png()
    .withExif({
      IFD0: { Artist: 'Secret Photographer', Copyright: 'Secret Photographer' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4044/100',
      },
    })
    .toBuffer();
}

describe('avatar and banner uploads', () => {
  let testApp: TestApp;
  let member: TestMember;
  let other: TestMember;
  let photo: Buffer;
  let detector: WriteDetector;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app);
    other = await registerMember(testApp.app);
    photo = await photoWithGpsMetadata();
    detector = await installWriteDetector(
      testApp.database,
      path.join(testApp.config.dataDir, 'media'),
    );
  });
  afterAll(() => testApp.close());

  const upload = (
    url: string,
    who: TestMember | null,
    file: { field: string; name: string; type: string; bytes: Buffer },
  ) => {
    const body = multipartFile(file.field, file.name, file.type, file.bytes);
    return testApp.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(who ? who.headers : {}) },
    });
  };
  const avatar = (
    bytes: Buffer,
    name = 'me.png',
    type = 'image/png',
    who: TestMember | null = member,
  ) => upload('/api/users/avatar', who, { field: 'avatar', name, type, bytes });
  const fetchMedia = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('stores an avatar re-encoded at 400×400 WebP, without its GPS position or other metadata', async () => {
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Photographer');
    expect(before.exif?.includes(GPS_IFD_POINTER)).toBe(true);

    const response = await avatar(photo);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Avatar updated',
      user: { id: member.id },
    });
    expect(body.user.profile_picture_url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);

    const served = await fetchMedia(body.user.profile_picture_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const after = await sharp(served.rawPayload).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('Secret Photographer');
  });

  it('shows the new avatar on the profile, to others too', async () => {
    const mine = (
      await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers })
    ).json();
    const seen = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}`,
        headers: other.headers,
      })
    ).json();

    expect(seen.data.profile_picture_url).toBe(mine.data.profile_picture_url);
    expect(seen.data.profile_picture_url).not.toBeNull();
  });

  it('removes the old file when an avatar is replaced', async () => {
    const oldUrl = (await avatar(photo)).json().user.profile_picture_url;
    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#0ea5e9' },
    })
      .jpeg()
      .toBuffer();

    const response = await avatar(jpeg, 'new.jpg', 'image/jpeg');

    const newUrl = response.json().user.profile_picture_url;
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchMedia(newUrl)).statusCode).toBe(200);
    expect((await fetchMedia(oldUrl)).statusCode).toBe(404);
  });

  it('stores a banner at 1500×500', async () => {
    const response = await upload('/api/users/banner', member, {
      field: 'banner',
      name: 'banner.png',
      type: 'image/png',
      bytes: photo,
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Banner updated');
    const served = await fetchMedia(body.user.profile_banner_url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1500, height: 500 });
  });

  it('accepts GIF and WebP too', async () => {
    const base = sharp({ create: { width: 50, height: 50, channels: 3, background: '#22c55e' } });
    for (const [bytes, type] of [
      [await base.clone().gif().toBuffer(), 'image/gif'],
      [await base.clone().webp().toBuffer(), 'image/webp'],
    ] as const) {
      const response = await avatar(bytes, 'pic', type);
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a text file named .png with 415, whatever its declared type', async () => {
    const response = await avatar(
      Buffer.from('just some words, not a picture'),
      'photo.png',
      'image/png',
    );

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please select an image file (JPEG, PNG, GIF or WebP)',
    });
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );

    const response = await avatar(svg, 'logo.svg', 'image/svg+xml');

    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(
      'SVG images are not supported. Please select a JPEG, PNG, GIF or WebP image',
    );
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const broken = Buffer.concat([photo.subarray(0, 64), Buffer.alloc(500, 7)]);

    const response = await avatar(broken);

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNREADABLE_IMAGE' });
  });

  it('refuses an avatar over 5 MB with 413 and the spec message', async () => {
    const response = await avatar(Buffer.alloc(AVATAR_MAX_BYTES + 1, 1));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Image size must be less than 5MB',
    });
  });

  it('lets a banner be bigger than an avatar, up to 10 MB', async () => {
    const sixMegabytes = Buffer.alloc(6 * 1024 * 1024, 1);
    const banner = (bytes: Buffer) =>
      upload('/api/users/banner', member, {
        field: 'banner',
        name: 'b.png',
        type: 'image/png',
        bytes,
      });

    // Six megabytes get as far as being looked at (and are no image); eleven do not.
    expect((await banner(sixMegabytes)).statusCode).toBe(415);
    const tooBig = await banner(Buffer.alloc(BANNER_MAX_BYTES + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Image size must be less than 10MB');
  });

  it('refuses an image of more pixels than it is worth decoding (a decompression bomb)', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);

    const response = await avatar(bomb);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('asks for the right field, and for a file at all', async () => {
    const wrongField = await upload('/api/users/avatar', member, {
      field: 'picture',
      name: 'me.png',
      type: 'image/png',
      bytes: photo,
    });
    const boundary = 'only-fields';
    const noFile = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: member.headers,
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });

    expect(wrongField.statusCode).toBe(400);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'NO_FILE' });
    expect(wrongField.json().message).toBe('Send the image in the "avatar" field');
    expect(json.statusCode).toBe(415);
  });

  it.each(['avatar', 'banner'])('refuses a %s upload without a token', async (field) => {
    const response = await upload(`/api/users/${field}`, null, {
      field,
      name: 'me.png',
      type: 'image/png',
      bytes: photo,
    });

    expect(response.statusCode).toBe(401);
  });

  it('changes only the uploader’s own pictures', async () => {
    const before = (
      await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers })
    ).json();

    await avatar(photo, 'theirs.png', 'image/png', other);
    await upload('/api/users/banner', other, {
      field: 'banner',
      name: 'b.png',
      type: 'image/png',
      bytes: photo,
    });

    const after = (
      await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers })
    ).json();
    expect(after.data.profile_picture_url).toBe(before.data.profile_picture_url);
    expect(after.data.profile_banner_url).toBe(before.data.profile_banner_url);
  });

  it.each([
    '/media/..%2F..%2Fetc%2Fpasswd',
    '/media/..%2Fdb%2Fpostmaster.pid',
    `/media/${'0'.repeat(64)}.webp`,
    '/media/whisp.lock',
  ])('answers %s with 404', async (url) => {
    const response = await fetchMedia(url);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  describe.each(['avatar', 'banner'] as const)('%s upload attacks', (field) => {
    const send = (file: HostileFile, who: TestMember = member) =>
      upload(`/api/users/${field}`, who, {
        field,
        name: file.filename,
        type: file.contentType,
        bytes: file.bytes,
      });

    it('refuses what is no image, or only starts like one, with 415 and a clear message, writing nothing', async () => {
      for (const file of await filesToRefuse()) {
        const before = await detector.snapshot();
        const response = await send(file);

        expect(response.statusCode, file.name).toBe(415);
        const body = response.json();
        expect(body, file.name).toMatchObject({ success: false });
        expect(['UNSUPPORTED_MEDIA_TYPE', 'UNREADABLE_IMAGE'], file.name).toContain(body.code);
        expect(body.message, file.name).toMatch(/^(Please select|SVG images|This image could not)/);
        expect(await detector.changesSince(before), file.name).toEqual([]);
      }
    });

    it('names SVG as the problem, even declared as a PNG', async () => {
      const [svg] = (await filesToRefuse()).filter((file) => file.name.includes('SVG'));
      const response = await send(svg as HostileFile);
      expect(response.json().message).toBe(
        'SVG images are not supported. Please select a JPEG, PNG, GIF or WebP image',
      );
    });

    it('refuses a decompression bomb (10 gigapixels in under 100 bytes) with 413, writing nothing', async () => {
      const bomb = pixelBombPng();
      expect(bomb.length).toBeLessThan(100);
      const before = await detector.snapshot();

      const response = await send({
        name: 'bomb',
        filename: 'bomb.png',
        contentType: 'image/png',
        bytes: bomb,
      });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        success: false,
        code: 'TOO_MANY_PIXELS',
        message: 'This image has too many pixels. Please select a smaller image',
      });
      expect(await detector.changesSince(before)).toEqual([]);
    });

    it('re-encodes an image carrying a second file or a script: only a WebP is stored, the payload is gone', async () => {
      for (const file of await polyglotsToClean()) {
        const response = await send(file);

        expect(response.statusCode, `${file.name}: ${response.body}`).toBe(200);
        const url = response.json().user[
          field === 'avatar' ? 'profile_picture_url' : 'profile_banner_url'
        ] as string;
        const served = await fetchMedia(url);
        expect(served.headers['content-type'], file.name).toBe('image/webp');
        expect(() => expectOnlyWebp(served.rawPayload), file.name).not.toThrow();
      }
    });

    it('goes by the bytes, not the declared type or name: a JPEG sent as an SVG is stored as an image', async () => {
      const jpeg = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#f97316' },
      })
        .jpeg()
        .toBuffer();

      const response = await send({
        name: 'jpeg as svg',
        filename: 'drawing.svg',
        contentType: 'image/svg+xml',
        bytes: jpeg,
      });

      expect(response.statusCode, response.body).toBe(200);
      const url = response.json().user[
        field === 'avatar' ? 'profile_picture_url' : 'profile_banner_url'
      ] as string;
      expect(url).toMatch(/\.webp$/);
      expect((await fetchMedia(url)).headers['content-type']).toBe('image/webp');
    });
  });

  it('refuses a form it cannot read (no boundary, cut short) with 400 MALFORMED_FORM', async () => {
    const cutShort =
      '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG';
    for (const [contentType, payload] of [
      ['multipart/form-data', ''],
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data; boundary=x', cutShort],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { ...member.headers, 'content-type': contentType },
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
