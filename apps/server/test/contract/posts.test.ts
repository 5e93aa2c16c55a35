import { describe, expect, it } from 'vitest';
import { file, imageBytes, mp4Bytes, TEXT_AS_PNG } from './media.js';
import { localAddressOf } from './member-address.js';
import {
  expectError,
  expectInvalid,
  ISO_TIME,
  ok,
  signUp,
  TARGETS,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

const EMPTY_POST = 'Please add some content to your post';
const TOO_LONG = 'Whisps can be at most 500 characters';
const MEDIA_NOT_UPLOADED =
  'Some attached media could not be found. Please upload it again and retry';
const TOO_MANY_MEDIA = 'A whisp can have up to 4 images or one video';
const STORED_IMAGE = /^\/media\/[a-f0-9]{64}\.webp$/;

describe.each(TARGETS)('writing whisps (%s)', (name) => {
  const target = useTarget(name);
  const post = (token: string, json: unknown, headers?: Record<string, string>) =>
    target.call('POST', '/api/posts', { token, json, headers });

  it('posts a whisp with 201 and the full Post shape, as everyone may reply and rewhisp', async () => {
    const member = await signUp(target);
    const body = ok(await post(member.token, { content: 'Hello there' }), 201);
    expect(body).toEqual({
      success: true,
      message: 'Whisp posted',
      data: {
        id: expect.any(String),
        author: {
          id: member.id,
          username: member.username,
          ...localAddressOf(member),
          display_name: member.display_name,
          avatar: null,
          is_verified: false,
        },
        content: 'Hello there',
        created_at: expect.stringMatching(ISO_TIME),
        updated_at: body.data.created_at,
        media_urls: [],
        media: [],
        hashtags: [],
        mentions: [],
        reply_count: 0,
        rewhisp_count: 0,
        like_count: 0,
        is_liked: false,
        is_rewhisped: false,
        is_bookmarked: false,
        is_reply: false,
        reply_to_id: null,
        rewhisp_of: null,
        reply_settings: { can_reply: 'everyone', can_repost: true },
        content_warning: null,
        poll: null,
        edited_at: null,
      },
    });
    const read = ok(
      await target.call('GET', `/api/posts/${body.data.id}`, { token: member.token }),
    );
    expect(read).toEqual({ success: true, data: body.data });
  });

  it('refuses an empty whisp and one over 500 characters, counting what people see', async () => {
    const member = await signUp(target);
    expectInvalid(await post(member.token, { content: '   ' }), 'content', EMPTY_POST);
    expectInvalid(await post(member.token, {}), 'content', EMPTY_POST);
    expectInvalid(await post(member.token, { content: null }), 'content', EMPTY_POST);
    expectInvalid(await post(member.token, { content: 'x'.repeat(501) }), 'content', TOO_LONG);
    expectInvalid(await post(member.token, { content: '🙂'.repeat(501) }), 'content', TOO_LONG);
    const family = '👩‍👩‍👧‍👦'.repeat(500);
    expect(ok(await post(member.token, { content: family }), 201).data.content).toBe(family);
    expectInvalid(await post(member.token, { content: 42 }), 'content', 'Content must be text');
  });

  it('takes reply settings, a part of them too, and refuses values outside the lists', async () => {
    const member = await signUp(target);
    const partial = ok(
      await post(member.token, { content: 'a', reply_settings: { can_repost: false } }),
      201,
    );
    expect(partial.data.reply_settings).toEqual({ can_reply: 'everyone', can_repost: false });
    const full = ok(
      await post(member.token, {
        content: 'b',
        reply_settings: { can_reply: 'followers', can_repost: true },
      }),
      201,
    );
    expect(full.data.reply_settings).toEqual({ can_reply: 'followers', can_repost: true });
    expectInvalid(
      await post(member.token, { content: 'c', reply_settings: { can_reply: 'friends' } }),
      'reply_settings.can_reply',
      'Can reply must be one of: everyone, followers, none',
    );
    expectInvalid(
      await post(member.token, { content: 'd', reply_settings: { can_repost: 'yes' } }),
      'reply_settings.can_repost',
      'Can repost must be true or false',
    );
  });

  it('parses hashtags and mentions only where a word starts, mentions of members only', async () => {
    const author = await signUp(target);
    const mentioned = await signUp(target);
    const tag = uniqueWord('Tag');
    const content = `Mail me@example.com or @${mentioned.username.toUpperCase()} about C# and #${tag} #${tag.toLowerCase()} x#nope ##double #Ünï_2 @nobody_${tag} @${mentioned.username}`;
    const data = (await whisp(target, author, content)) as {
      hashtags: string[];
      mentions: string[];
    };
    expect(data.hashtags).toEqual([tag.toLowerCase(), 'ünï_2']);
    expect(data.mentions).toEqual([mentioned.username]);
  });

  it('makes one whisp of requests sharing an Idempotency-Key, and refuses a key over 255 characters', async () => {
    const member = await signUp(target);
    const key = uniqueWord('key');
    const first = ok(
      await post(member.token, { content: 'once' }, { 'idempotency-key': key }),
      201,
    );
    const again = ok(
      await post(member.token, { content: 'once' }, { 'idempotency-key': key }),
      201,
    );
    expect(again.data.id).toBe(first.data.id);
    expectInvalid(
      await post(member.token, { content: 'x' }, { 'idempotency-key': 'k'.repeat(256) }),
      'Idempotency-Key',
      'Idempotency-Key must be 1 to 255 characters',
    );
  });

  it('answers 404 for an unknown whisp', async () => {
    const member = await signUp(target);
    for (const id of ['no-such-whisp', '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await target.call('GET', `/api/posts/${id}`, { token: member.token }),
        404,
        'POST_NOT_FOUND',
        'Post not found',
      );
    }
  });
});

describe.each(TARGETS)('whisp media (%s)', (name) => {
  const target = useTarget(name);
  const upload = (token: string, parts: ReturnType<typeof file>[]) =>
    target.call('POST', '/api/posts/media', { token, form: parts });

  it('stores images by their bytes (as WebP) and a video as sent, for the uploader’s whisps', async () => {
    const member = await signUp(target);
    const images = ok(
      await upload(member.token, [
        file('media', 'a.png', 'image/png', await imageBytes('png', 9)),
        file('media', 'b.jpg', 'application/octet-stream', await imageBytes('jpeg', 10)),
      ]),
    );
    expect(images).toEqual({
      success: true,
      media_urls: [expect.stringMatching(STORED_IMAGE), expect.stringMatching(STORED_IMAGE)],
    });
    const video = ok(
      await upload(member.token, [file('media', 'clip.mp4', 'video/mp4', mp4Bytes())]),
    );
    expect(video.media_urls).toEqual([expect.stringMatching(/^\/media\/[a-f0-9]{64}\.mp4$/)]);

    const withMedia = ok(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: '', media_urls: images.media_urls },
      }),
      201,
    );
    expect(withMedia.data.media_urls).toEqual(images.media_urls);
    expect(withMedia.data.content).toBe('');
  });

  it('refuses media that is not an image or video by its bytes, none, and too many', async () => {
    const member = await signUp(target);
    expectError(
      await upload(member.token, [file('media', 'fake.png', 'image/png', TEXT_AS_PNG)]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Please select images (JPEG, PNG, GIF or WebP) or a video (MP4 or WebM)',
    );
    expectError(
      await upload(member.token, [file('other', 'a.png', 'image/png', await imageBytes('png'))]),
      400,
      'NO_MEDIA',
      'Please attach at least one image or video in the "media" field',
    );
    expectError(
      await target.call('POST', '/api/posts/media', { token: member.token, json: {} }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send media as multipart/form-data',
    );
    const png = await imageBytes('png');
    expectError(
      await upload(member.token, [
        file('media', 'a.png', 'image/png', png),
        file('media', 'clip.mp4', 'video/mp4', mp4Bytes()),
      ]),
      400,
      'TOO_MANY_MEDIA',
      TOO_MANY_MEDIA,
    );
  });

  it('refuses more than four images at once, and an image over 10 MB', async () => {
    const member = await signUp(target);
    const parts = [];
    for (const size of [20, 21, 22, 23, 24]) {
      parts.push(file('media', `${size}.png`, 'image/png', await imageBytes('png', size)));
    }
    expectError(await upload(member.token, parts), 400, 'TOO_MANY_MEDIA', TOO_MANY_MEDIA);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await imageBytes('png'));
    expectError(
      await upload(member.token, [file('media', 'big.png', 'image/png', big)]),
      413,
      'PAYLOAD_TOO_LARGE',
      'Images must be smaller than 10MB',
    );
  });

  it('refuses a whisp naming media its author did not upload', async () => {
    const [owner, other] = [await signUp(target), await signUp(target)];
    const uploaded = ok(
      await upload(owner.token, [file('media', 'a.gif', 'image/gif', await imageBytes('gif', 11))]),
    ).media_urls as string[];
    const post = (media_urls: unknown) =>
      target.call('POST', '/api/posts', { token: other.token, json: { content: 'x', media_urls } });
    expectInvalid(await post(uploaded), 'media_urls', MEDIA_NOT_UPLOADED);
    expectInvalid(await post(['https://example.com/cat.png']), 'media_urls', MEDIA_NOT_UPLOADED);
    expectInvalid(await post('not a list'), 'media_urls', 'Media urls must be a list');
  });

  it('takes at most four images in a whisp', async () => {
    const member = await signUp(target);
    const urls: string[] = [];
    for (const size of [12, 13, 14, 15, 16]) {
      const answer = ok(
        await upload(member.token, [
          file('media', 'a.png', 'image/png', await imageBytes('png', size)),
        ]),
      );
      urls.push(...answer.media_urls);
    }
    expectInvalid(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'five', media_urls: urls },
      }),
      'media_urls',
      TOO_MANY_MEDIA,
    );
  });
});
