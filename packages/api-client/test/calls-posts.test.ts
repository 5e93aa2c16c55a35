import { describe, expect, it } from 'vitest';
import {
  buildBookmark,
  buildPost,
  buildRewhisp,
  buildSearchUser,
  buildUser,
} from '../src/mocks/index.js';
import { defined } from './support/defined.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

/** A rewhisp whose every media URL is server-relative, as the server sends them. */
function relativeRewhisp() {
  const original = buildPost({
    author: buildUser({ avatar: '/media/original-author.webp' }),
    media_urls: ['/media/photo.webp', 'https://cdn.example/remote.webp'],
  });
  return buildRewhisp(original, { author: buildUser({ avatar: '/media/rewhisper.webp' }) });
}

function expectPrefixed(post: { author: { avatar: string | null }; rewhisp_of: unknown }) {
  const original = post.rewhisp_of as {
    author: { avatar: string };
    media_urls: string[];
    media: { url: string }[];
  };
  expect(post.author.avatar).toBe(`${API}/media/rewhisper.webp`);
  expect(original.author.avatar).toBe(`${API}/media/original-author.webp`);
  const urls = [`${API}/media/photo.webp`, 'https://cdn.example/remote.webp'];
  expect(original.media_urls).toEqual(urls);
  expect(original.media.map((media) => media.url)).toEqual(urls);
}

describe('feeds', () => {
  it('timeline and following send page and limit and prefix nested media', async () => {
    const seen = answer({ success: true, posts: [relativeRewhisp()] });
    const client = clientWith();
    const post = defined((await client.posts.timeline({ page: 2, limit: 20 }))[0]);
    await client.posts.following({ page: 1, limit: 20 });
    expectPrefixed(post);
    expect(seen.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/posts/timeline', { page: '2', limit: '20' }],
      ['GET', '/api/posts/following', { page: '1', limit: '20' }],
    ]);
  });

  it('feedPage sends the cursor and returns next_cursor (null after the last page)', async () => {
    const seen = answer({ success: true, posts: [relativeRewhisp()], next_cursor: 'abc' });
    const client = clientWith();
    const page = await client.posts.feedPage('for-you', { limit: 20, cursor: 'xyz' });
    expect(page.next_cursor).toBe('abc');
    expectPrefixed(defined(page.posts[0]));
    expect(seen[0]).toMatchObject({
      path: '/api/posts/timeline',
      query: { limit: '20', cursor: 'xyz' },
    });
    answer({ success: true, posts: [] });
    await expect(client.posts.feedPage('following')).resolves.toEqual({
      posts: [],
      next_cursor: null,
    });
  });

  it('public sends the limit', async () => {
    const seen = answer({ success: true, posts: [] });
    await clientWith().posts.public({ limit: 200 });
    expect(seen[0]).toMatchObject({
      path: '/api/posts/public',
      query: { limit: '200' },
      authorization: 'Bearer secret-token',
    });
  });
});

describe('writing', () => {
  it('create sends content, server-relative media paths and reply settings', async () => {
    const seen = answer(
      { success: true, message: 'Posted', data: buildPost({ media_urls: ['/media/u.webp'] }) },
      201,
    );
    const post = await clientWith().posts.create({
      content: 'Hello',
      media_urls: [`${API}/media/u.webp`],
      reply_settings: { can_reply: 'followers', can_repost: false },
    });
    expect(post.media_urls).toEqual([`${API}/media/u.webp`]);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/posts',
      json: {
        content: 'Hello',
        media_urls: ['/media/u.webp'],
        reply_settings: { can_reply: 'followers', can_repost: false },
      },
    });
  });

  it('create and reply send descriptions with server-relative paths, and prefix media back', async () => {
    const described = buildPost({
      media: [
        {
          url: '/media/d.webp',
          alt: 'A lighthouse at dusk',
          kind: 'image',
          width: 1600,
          height: 900,
          preview_url: '/media/d.preview.webp',
          blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
        },
      ],
    });
    const seen = answer({ success: true, message: 'Posted', data: described }, 201);
    const client = clientWith();
    const media = [{ url: `${API}/media/d.webp`, alt: 'A lighthouse at dusk' }];
    const post = await client.posts.create({ content: 'Look', media });
    await client.posts.reply('p1', { content: 'Also', media });
    expect(post.media).toEqual([
      {
        url: `${API}/media/d.webp`,
        alt: 'A lighthouse at dusk',
        kind: 'image',
        width: 1600,
        height: 900,
        preview_url: `${API}/media/d.preview.webp`,
        blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
      },
    ]);
    expect(post.media_urls).toEqual([`${API}/media/d.webp`]);
    for (const request of seen) {
      expect(request.json).toMatchObject({
        media: [{ url: '/media/d.webp', alt: 'A lighthouse at dusk' }],
      });
      expect(request.json).not.toHaveProperty('media_urls');
    }
  });

  it('create and reply send an Idempotency-Key when given one', async () => {
    const seen = answer({ success: true, data: buildPost() }, 201);
    const client = clientWith();
    await client.posts.create({ content: 'Once' }, { idempotencyKey: 'draft-1' });
    await client.posts.reply('p1', { content: 'Once too' }, { idempotencyKey: 'draft-2' });
    await client.posts.create({ content: 'No key' });
    expect(seen.map((r) => r.idempotencyKey)).toEqual(['draft-1', 'draft-2', null]);
  });

  it('uploadMedia sends every file as a media part and returns URLs ready to show', async () => {
    const seen = answer({ success: true, media_urls: ['/media/1.webp', '/media/2.webp'] });
    const urls = await clientWith().posts.uploadMedia([
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.gif', { type: 'image/gif' }),
    ]);
    expect(urls).toEqual([`${API}/media/1.webp`, `${API}/media/2.webp`]);
    expect(seen[0]?.form).toEqual({
      media: [
        { name: 'a.png', type: 'image/png' },
        { name: 'b.gif', type: 'image/gif' },
      ],
    });
  });

  it('get, edit and remove address the post by id', async () => {
    const seen = answer({ success: true, message: 'Deleted', data: buildPost() });
    const client = clientWith();
    await client.posts.get('p 1');
    await client.posts.edit('p1', { content: 'Edited' });
    await expect(client.posts.remove('p1')).resolves.toEqual({ message: 'Deleted' });
    expect(seen.map((r) => [r.method, r.path, r.json])).toEqual([
      ['GET', '/api/posts/p%201', undefined],
      ['POST', '/api/posts/p1', { content: 'Edited' }],
      ['DELETE', '/api/posts/p1', undefined],
    ]);
  });

  it('replies pages with limit and offset; reply posts content and media', async () => {
    const seen = answer({
      success: true,
      posts: [relativeRewhisp()],
      has_more: true,
      data: buildPost(),
    });
    const client = clientWith();
    const page = await client.posts.replies('p1', { limit: 20, offset: 20 });
    await client.posts.reply('p1', { content: 'Agreed', media_urls: [`${API}/media/r.webp`] });
    expectPrefixed(defined(page.posts[0]));
    expect(page.has_more).toBe(true);
    expect(seen[0]).toMatchObject({
      path: '/api/posts/p1/replies',
      query: { limit: '20', offset: '20' },
    });
    expect(seen[1]).toMatchObject({
      method: 'POST',
      path: '/api/posts/p1/reply',
      json: { content: 'Agreed', media_urls: ['/media/r.webp'] },
    });
  });

  it('report posts the reason and details', async () => {
    const seen = answer({ success: true, message: 'Thanks' }, 201);
    await expect(
      clientWith().posts.report('p1', { reason: 'spam', details: 'ads' }),
    ).resolves.toEqual({ message: 'Thanks' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/posts/p1/report',
      json: { reason: 'spam', details: 'ads' },
    });
  });
});

describe('toggles', () => {
  it('like, unlike, rewhisp and unrewhisp post to their paths and return the post', async () => {
    const seen = answer({ success: true, data: relativeRewhisp() });
    const client = clientWith();
    expectPrefixed(await client.posts.like('p1'));
    await client.posts.unlike('p1');
    await client.posts.rewhisp('p1');
    await client.posts.unrewhisp('p1');
    expect(seen.map((r) => [r.method, r.path, r.json])).toEqual([
      ['POST', '/api/posts/p1/like', undefined],
      ['POST', '/api/posts/p1/unlike', undefined],
      ['POST', '/api/posts/p1/rewhisp', { comment: null }],
      ['POST', '/api/posts/p1/unrewhisp', undefined],
    ]);
  });

  it('bookmark and unbookmark return the new flag', async () => {
    const seen = answer({ success: true, message: 'ok', data: { is_bookmarked: true } });
    const client = clientWith();
    await expect(client.posts.bookmark('p1')).resolves.toEqual({ is_bookmarked: true });
    await client.posts.unbookmark('p1');
    expect(seen.map((r) => r.path)).toEqual(['/api/posts/p1/bookmark', '/api/posts/p1/unbookmark']);
  });
});

describe('bookmarks, search and trends', () => {
  it('bookmarks list pages by offset and prefixes the posts', async () => {
    const bookmark = buildBookmark({ post: relativeRewhisp() });
    const seen = answer({
      success: true,
      data: { bookmarks: [bookmark], has_more: true, next_offset: 20 },
    });
    const page = await clientWith().bookmarks.list({ limit: 20, offset: 0 });
    expectPrefixed(defined(page.bookmarks[0]).post);
    expect(page).toMatchObject({ has_more: true, next_offset: 20 });
    expect(seen[0]).toMatchObject({ path: '/api/bookmarks', query: { limit: '20', offset: '0' } });
  });

  it('search sends q and prefixes posts and users', async () => {
    const seen = answer({
      success: true,
      data: { posts: [relativeRewhisp()], users: [buildSearchUser({ avatar: '/media/s.webp' })] },
    });
    const results = await clientWith().search.all('tea & cake');
    expectPrefixed(defined(results.posts[0]));
    expect(results.users[0]?.avatar).toBe(`${API}/media/s.webp`);
    expect(seen[0]).toMatchObject({ path: '/api/search', query: { q: 'tea & cake' } });
  });

  it('hashtag search drops the leading #', async () => {
    const seen = answer({
      success: true,
      data: { hashtag: 'design', post_count: 1, posts: [relativeRewhisp()] },
    });
    const result = await clientWith().search.hashtag('#design');
    expect(result).toMatchObject({ hashtag: 'design', post_count: 1 });
    expectPrefixed(defined(result.posts[0]));
    expect(seen[0]?.path).toBe('/api/search/hashtag/design');
  });

  it('trends sends the limit and returns the hashtag counts', async () => {
    const seen = answer({ success: true, data: [{ hashtag: 'ux', post_count: 4 }] });
    await expect(clientWith().trends.list({ limit: 5 })).resolves.toEqual([
      { hashtag: 'ux', post_count: 4 },
    ]);
    expect(seen[0]).toMatchObject({ path: '/api/trends', query: { limit: '5' } });
  });
});
