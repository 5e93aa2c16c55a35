import {
  feedResponse,
  hashtagResponse,
  notificationListResponse,
  postListResponse,
  postResponse,
  profileResponse,
  searchResponse,
} from '@whisp/api-client/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { multipartFile } from '../../multipart.js';
import { asMember } from '../posts/client.js';

// Responses are written by fast-json-stringify from each route's response schema
// (src/http/response-serializer.ts), no longer by zod. Each answer here must be, byte for byte,
// what zod's parse of it writes: a field the schema does not name (zod drops it), a null where an
// object belongs or a missing one (zod refuses it) or another order would all differ.

describe('feed pages and other reads, as their response schemas write them', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let author: TestMember;
  let fan: TestMember;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    author = await registerMember(testApp.app);
    fan = await registerMember(testApp.app);
    await api.follow(fan, author);
    const picture = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    const upload = multipartFile('media', 'heron.png', 'image/png', picture);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts/media',
      payload: upload.payload,
      headers: { ...author.headers, ...upload.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [url] = uploaded.json().media_urls;
    ids.plain = (await api.whisp(author, 'A plain whisp with "quotes", \\ and \n #shapes')).id;
    ids.media = (
      await api.whisp(author, 'A heron 🐦', { media: [{ url, alt: 'A heron on one leg' }] })
    ).id;
    ids.noAlt = (await api.whisp(author, 'No description', { media: [{ url }] })).id;
    const reply = await api.post(`/api/posts/${ids.plain}/reply`, fan, { content: 'A reply' });
    ids.reply = reply.json().data.id;
    await api.post(`/api/posts/${ids.media}/rewhisp`, fan, { comment: null });
    // A reply whose whisp was deleted keeps is_reply with reply_to_id null; a rewhisp of a
    // deleted whisp goes with it.
    const gone = await api.whisp(author, 'Soon deleted');
    const orphan = await api.post(`/api/posts/${gone.id}/reply`, fan, { content: 'Orphaned' });
    ids.orphan = orphan.json().data.id;
    await api.post(`/api/posts/${gone.id}/rewhisp`, fan, { comment: null });
    ids.gone = gone.id;
    expect((await api.delete(`/api/posts/${gone.id}`, author)).statusCode).toBe(200);
    await api.post(`/api/posts/${ids.plain}/like`, fan);
  });
  afterAll(() => testApp.close());

  async function written(url: string, who: TestMember, schema: z.ZodType) {
    const response = await api.get(url, who);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(JSON.stringify(schema.parse(JSON.parse(response.body))));
    return response.json();
  }
  type Shown = { id: string; rewhisp_of: Shown | null } & Record<string, unknown>;
  const find = (posts: Shown[], id: string | undefined) => posts.find((post) => post.id === id);

  it('writes the Following page: a rewhisp with its original, media with and without alt text', async () => {
    const { posts } = await written('/api/posts/following', fan, feedResponse);
    const rewhisp = posts.find((post: Shown) => post.rewhisp_of?.id === ids.media);
    expect(rewhisp).toMatchObject({ author: { id: fan.id }, content: '' });
    expect(rewhisp?.rewhisp_of).toMatchObject({
      id: ids.media,
      rewhisp_of: null,
      media: [{ url: expect.any(String), alt: 'A heron on one leg', kind: 'image' }],
    });
    expect(find(posts, ids.noAlt)?.media).toEqual([
      {
        url: expect.any(String),
        alt: null,
        kind: 'image',
        width: 8,
        height: 8,
        preview_url: expect.any(String),
        blurhash: expect.any(String),
      },
    ]);
    expect(find(posts, ids.plain)).toMatchObject({
      rewhisp_of: null,
      reply_to_id: null,
      content: 'A plain whisp with "quotes", \\ and \n #shapes',
      like_count: 1,
      is_liked: true,
      author: { id: author.id, avatar: null },
    });
    expect(posts.some((post: Shown) => post.rewhisp_of?.id === ids.gone)).toBe(false);
  });

  it.each([
    ['For you', '/api/posts/timeline', feedResponse],
    ['the public feed', '/api/posts/public', feedResponse],
    ['a hashtag page', '/api/search/hashtag/shapes', hashtagResponse],
    ['search', '/api/search?q=heron', searchResponse],
    ['notifications', '/api/notifications', notificationListResponse],
  ])('writes %s as its schema does', async (_name, url, schema) => {
    await written(url, url === '/api/notifications' ? author : fan, schema);
  });

  it('writes replies, one of a deleted whisp, a rewhisps tab and a profile', async () => {
    const replies = await written(`/api/posts/${ids.plain}/replies`, fan, postListResponse);
    expect(replies.posts[0]).toMatchObject({
      id: ids.reply,
      is_reply: true,
      reply_to_id: ids.plain,
    });
    const orphan = await written(`/api/posts/${ids.orphan}`, fan, postResponse);
    expect(orphan.data).toMatchObject({ is_reply: true, reply_to_id: null, rewhisp_of: null });
    const tab = await written(`/api/users/${fan.id}/posts?tab=rewhisps`, author, postListResponse);
    expect(tab.posts.map((post: Shown) => post.rewhisp_of?.id)).toEqual([ids.media]);
    await written(`/api/users/profile/${author.username}`, fan, profileResponse);
  });

  it('writes error answers in the error shape', async () => {
    const response = await api.get('/api/posts/00000000-0000-4000-8000-000000000000', fan);
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json())).toEqual(['success', 'message', 'code']);
  });
});
