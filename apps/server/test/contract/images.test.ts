import { describe, expect, it } from 'vitest';
import { file, HTML, imageBytes, SVG, TEXT_AS_PNG, XML_SVG } from './media.js';
import { expectError, ok, signUp, TARGETS, useTarget } from './target.js';

const NOT_AN_IMAGE = 'Please select an image file (JPEG, PNG, GIF or WebP)';
const SVG_REFUSED = 'SVG images are not supported. Please select a JPEG, PNG, GIF or WebP image';
const STORED_IMAGE = /^\/media\/[a-f0-9]{64}\.webp$/;

describe.each(TARGETS)('avatar and banner uploads (%s)', (name) => {
  const target = useTarget(name);

  const slots = [
    { field: 'avatar', column: 'profile_picture_url', updated: 'Avatar updated', maxMb: 5 },
    { field: 'banner', column: 'profile_banner_url', updated: 'Banner updated', maxMb: 10 },
  ] as const;

  describe.each(slots)('$field', ({ field, column, updated, maxMb }) => {
    const upload = (token: string, parts: Parameters<typeof file>) =>
      target.call('POST', `/api/users/${field}`, { token, form: [file(...parts)] });

    it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
      'takes a %s, stored as WebP',
      async (format) => {
        const member = await signUp(target);
        const body = ok(
          await upload(member.token, [
            field,
            `photo.${format}`,
            `image/${format}`,
            await imageBytes(format),
          ]),
        );
        expect(body.message).toBe(updated);
        expect(body.user.id).toBe(member.id);
        expect(body.user[column]).toMatch(STORED_IMAGE);
        const me = ok(await target.call('GET', '/api/users/me', { token: member.token }));
        expect(me.data[column]).toBe(body.user[column]);
      },
    );

    it('recognises an image by its bytes, whatever its name and declared type', async () => {
      const member = await signUp(target);
      const png = await imageBytes('png');
      ok(await upload(member.token, [field, 'notes.txt', 'text/plain', png]));
    });

    it.each([
      ['a text file named fake.png', 'fake.png', 'image/png', TEXT_AS_PNG, NOT_AN_IMAGE],
      ['an SVG', 'drawing.svg', 'image/svg+xml', SVG, SVG_REFUSED],
      ['an SVG with an XML declaration', 'drawing.png', 'image/png', XML_SVG, SVG_REFUSED],
      ['an HTML file', 'page.png', 'image/png', HTML, NOT_AN_IMAGE],
    ])('refuses %s with 415', async (_, filename, type, bytes, message) => {
      const member = await signUp(target);
      expectError(
        await upload(member.token, [field, filename, type, bytes]),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        message,
      );
      const me = ok(await target.call('GET', '/api/users/me', { token: member.token }));
      expect(me.data[column]).toBeNull();
    });

    it(`refuses a file over ${maxMb} MB with 413`, async () => {
      const member = await signUp(target);
      const png = await imageBytes('png');
      const big = new Uint8Array(maxMb * 1024 * 1024 + 1);
      big.set(png);
      expectError(
        await upload(member.token, [field, 'big.png', 'image/png', big]),
        413,
        'PAYLOAD_TOO_LARGE',
        `Image size must be less than ${maxMb}MB`,
      );
    });

    it('asks for the file in its own field, and as multipart', async () => {
      const member = await signUp(target);
      expectError(
        await upload(member.token, ['picture', 'a.png', 'image/png', await imageBytes('png')]),
        400,
        'NO_FILE',
        `Send the image in the "${field}" field`,
      );
      expectError(
        await target.call('POST', `/api/users/${field}`, { token: member.token, json: {} }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the image as multipart/form-data in the "${field}" field`,
      );
    });
  });
});
