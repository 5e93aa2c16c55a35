import { describe, expect, it } from 'vitest';
import { file, imageBytes, mp4Bytes } from './media.js';
import {
  expectInvalid,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

// A whisp's attachments with their descriptions (alt text): `media: [{ url, alt? }]` in, `media:
// [{ url, alt, kind }]` out, beside `media_urls`.

const ALT_TOO_LONG = 'Descriptions can be at most 1500 characters';
const GIVEN_TWICE = 'Send the attachments once: either media or media_urls, not both';

/** One picture of media[] as both targets tell it (media-details.test.ts checks the details). */
const picture = (url: string | undefined, alt: string | null) => ({
  url,
  alt,
  kind: 'image',
  width: expect.any(Number),
  height: expect.any(Number),
  preview_url: expect.any(String),
  blurhash: expect.any(String),
});

async function uploadImages(target: Target, member: Member, count: number) {
  const parts = [];
  for (let index = 0; index < count; index += 1) {
    parts.push(file('media', `${index}.png`, 'image/png', await imageBytes('png', 8 + index)));
  }
  const body = ok(
    await target.call('POST', '/api/posts/media', { token: member.token, form: parts }),
  );
  return body.media_urls as string[];
}

describe.each(TARGETS)('media descriptions (%s)', (name) => {
  const target = useTarget(name);

  it('keeps each image’s description, in order, wherever the whisp is read', async () => {
    const member = await signUp(target);
    const [first, second] = await uploadImages(target, member, 2);
    const post = await whisp(target, member, 'Two views', {
      media: [{ url: first, alt: 'A heron on one leg 🐦' }, { url: second }],
    });
    const expected = [picture(first, 'A heron on one leg 🐦'), picture(second, null)];
    expect(post.media).toEqual(expected);
    expect(post.media_urls).toEqual([first, second]);

    const read = ok(await target.call('GET', `/api/posts/${post.id}`, { token: member.token }));
    expect(read.data.media).toEqual(expected);
    const feed = ok(await target.call('GET', '/api/posts/timeline', { token: member.token }));
    expect(feed.posts.find((p: { id: string }) => p.id === post.id).media).toEqual(expected);
  });

  it('carries the original’s descriptions in a rewhisp', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const [url] = await uploadImages(target, author, 1);
    const post = await whisp(target, author, '', { media: [{ url, alt: 'Fog over the bay' }] });
    ok(await target.call('POST', `/api/posts/${post.id}/rewhisp`, { token: fan.token, json: {} }));
    const tab = ok(
      await target.call('GET', `/api/users/${fan.id}/posts?tab=rewhisps`, { token: fan.token }),
    );
    expect(tab.posts[0].rewhisp_of.media).toEqual([picture(url, 'Fog over the bay')]);
  });

  it('gives null for no description: media_urls, a missing, null or blank alt', async () => {
    const member = await signUp(target);
    const urls = await uploadImages(target, member, 4);
    const byUrls = await whisp(target, member, 'x', { media_urls: urls.slice(0, 1) });
    expect(byUrls.media).toEqual([picture(urls[0], null)]);
    const described = await whisp(target, member, 'y', {
      media: [{ url: urls[1] }, { url: urls[2], alt: null }, { url: urls[3], alt: '   ' }],
    });
    expect(described.media.map((media: { alt: string | null }) => media.alt)).toEqual([
      null,
      null,
      null,
    ]);
    const plain = await whisp(target, member, 'no media');
    expect(plain.media).toEqual([]);
  });

  it('takes 1,500 characters as a person counts them, and refuses 1,501', async () => {
    const member = await signUp(target);
    const [url] = await uploadImages(target, member, 1);
    const post = (alt: string) =>
      target.call('POST', '/api/posts', { token: member.token, json: { media: [{ url, alt }] } });

    const emoji = '🙂'.repeat(1500);
    expect(ok(await post(emoji), 201).data.media[0].alt).toBe(emoji);
    const families = '👩‍👩‍👧‍👦'.repeat(1500);
    expect(ok(await post(families), 201).data.media[0].alt).toBe(families);
    expectInvalid(await post('🙂'.repeat(1501)), 'media.0.alt', ALT_TOO_LONG);
    expectInvalid(await post('x'.repeat(1501)), 'media.0.alt', ALT_TOO_LONG);
    expectInvalid(await post('x'.repeat(100_000)), 'media.0.alt', ALT_TOO_LONG);
  });

  it('says kind video for a video', async () => {
    const member = await signUp(target);
    const { media_urls } = ok(
      await target.call('POST', '/api/posts/media', {
        token: member.token,
        form: [file('media', 'clip.mp4', 'video/mp4', mp4Bytes())],
      }),
    );
    const post = await whisp(target, member, 'Watch this', {
      media: [{ url: media_urls[0], alt: 'Waves breaking, slowed down' }],
    });
    expect(post.media).toEqual([
      {
        url: media_urls[0],
        alt: 'Waves breaking, slowed down',
        kind: 'video',
        width: null,
        height: null,
        preview_url: null,
        blurhash: null,
      },
    ]);
  });

  it('takes descriptions on replies too', async () => {
    const [author, replier] = [await signUp(target), await signUp(target)];
    const parent = await whisp(target, author, 'Show me your desk');
    const [url] = await uploadImages(target, replier, 1);
    const answer = ok(
      await target.call('POST', `/api/posts/${parent.id}/reply`, {
        token: replier.token,
        json: { content: 'Mine', media: [{ url, alt: 'A desk with one plant' }] },
      }),
      201,
    );
    expect(answer.data.media).toEqual([picture(url, 'A desk with one plant')]);
  });

  it('refuses media and media_urls together, and media it cannot find under media', async () => {
    const member = await signUp(target);
    const [url] = await uploadImages(target, member, 1);
    const both = { content: 'x', media: [{ url, alt: 'a' }], media_urls: [url] };
    expectInvalid(
      await target.call('POST', '/api/posts', { token: member.token, json: both }),
      'media',
      GIVEN_TWICE,
    );
    expectInvalid(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'x', media: [{ url: '/media/elsewhere.png', alt: 'a' }] },
      }),
      'media',
      'Some attached media could not be found. Please upload it again and retry',
    );
  });
});
