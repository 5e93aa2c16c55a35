import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

interface FeedBody {
  posts: { id: string; content: string }[];
  next_cursor: string | null;
}

describe('the For you timeline', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let me: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  let fans: TestMember[];
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    me = await registerMember(testApp.app);
    friend = await registerMember(testApp.app);
    stranger = await registerMember(testApp.app);
    fans = await Promise.all([1, 2, 3, 4].map(() => registerMember(testApp.app)));
    await api.follow(me, friend);
  });
  afterAll(() => testApp.close());

  const timeline = async (query = '') => {
    const response = await api.get(`/api/posts/timeline${query}`, me);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FeedBody;
  };
  const likeBy = async (postId: string, count: number) => {
    for (const fan of fans.slice(0, count)) await api.post(`/api/posts/${postId}/like`, fan);
  };

  it('shows own, followed and well-liked whisps of others, but not unnoticed strangers', async () => {
    const mine = await api.whisp(me, 'my own');
    const followed = await api.whisp(friend, 'from a friend');
    const popular = await api.whisp(stranger, 'popular stranger');
    const quiet = await api.whisp(stranger, 'quiet stranger');
    await likeBy(popular.id, 3);
    await likeBy(quiet.id, 1);

    const ids = (await timeline()).posts.map((post) => post.id);

    expect(ids).toEqual(expect.arrayContaining([mine.id, followed.id, popular.id]));
    expect(ids).not.toContain(quiet.id);
  });

  it('ranks a well-liked whisp above an unliked one of the same moment', async () => {
    const plain = await api.whisp(friend, 'plain');
    const loved = await api.whisp(friend, 'loved');
    await likeBy(loved.id, 4);
    const later = await api.whisp(friend, 'later but unliked');

    const ids = (await timeline()).posts.map((post) => post.id);

    expect(ids.indexOf(loved.id)).toBeLessThan(ids.indexOf(plain.id));
    expect(ids.indexOf(loved.id)).toBeLessThan(ids.indexOf(later.id));
  });

  it('never shows a whisp twice across cursor pages, even while likes and whisps arrive', async () => {
    for (let index = 0; index < 14; index += 1) {
      const whisp = await api.whisp(index % 2 ? friend : me, `stable ${index}`);
      if (index % 3 === 0) await likeBy(whisp.id, 2);
    }
    const expected = (await timeline('?limit=100')).posts.map((post) => post.id);

    const seen: string[] = [];
    let cursor: string | null = '';
    let round = 0;
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await timeline(`?limit=5${query}`);
      seen.push(...page.posts.map((post) => post.id));
      cursor = page.next_cursor;
      // Between pages the network moves on: a new whisp, and likes that lift an older one.
      round += 1;
      await api.whisp(friend, `meanwhile ${round}`);
      const older = seen.at(-1);
      if (older) await likeBy(older, 4);
    }

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(10);
    // Nothing written after the first page sneaks into later pages.
    expect(seen.every((id) => expected.includes(id))).toBe(true);
  });

  it('gives the same pages by page number while nothing changes', async () => {
    const all = (await timeline('?limit=100')).posts.map((post) => post.id);
    const paged: string[] = [];
    for (let page = 1; paged.length < all.length; page += 1) {
      const { posts } = await timeline(`?limit=6&page=${page}`);
      if (posts.length === 0) break;
      paged.push(...posts.map((post) => post.id));
    }

    expect(paged).toEqual(all);
  });
});
