import { PUBLIC_POSTS_LIMIT_MAX } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

interface FeedPost {
  id: string;
  author: { id: string };
  rewhisp_of: { id: string } | null;
  is_reply: boolean;
}

describe('feeds', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let me: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    me = await registerMember(testApp.app);
    friend = await registerMember(testApp.app);
    stranger = await registerMember(testApp.app);
    await api.follow(me, friend);
  });
  afterAll(() => testApp.close());

  const feed = async (url: string, who = me) => {
    const response = await api.get(url, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { posts: FeedPost[]; next_cursor: string | null };
  };
  const ids = (posts: FeedPost[]) => posts.map((post) => post.id);

  describe('following', () => {
    it('shows own and followed whisps and rewhisps, newest first, without replies or strangers', async () => {
      const mine = await api.whisp(me, 'mine');
      const theirs = await api.whisp(friend, 'friend');
      const strangers = await api.whisp(stranger, 'stranger');
      await api.post(`/api/posts/${theirs.id}/reply`, friend, { content: 'a reply' });
      await api.post(`/api/posts/${strangers.id}/rewhisp`, friend, { comment: null });

      const { posts } = await feed('/api/posts/following');

      expect(posts[0]).toMatchObject({
        author: { id: friend.id },
        rewhisp_of: { id: strangers.id },
      });
      expect(ids(posts.slice(1, 3))).toEqual([theirs.id, mine.id]);
      expect(ids(posts)).not.toContain(strangers.id);
      expect(posts.some((post) => post.is_reply)).toBe(false);
    });

    it('pages by cursor through the same whisps as by page number', async () => {
      for (let index = 0; index < 9; index += 1) await api.whisp(friend, `paged ${index}`);

      const byPage: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        byPage.push(...ids((await feed(`/api/posts/following?limit=4&page=${page}`)).posts));
      }
      const byCursor: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await feed(`/api/posts/following?limit=4${query}`);
        byCursor.push(...ids(page.posts));
        cursor = page.next_cursor;
      }

      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    });

    it('keeps cursor pages free of repeats while new whisps arrive', async () => {
      const first = await feed('/api/posts/following?limit=3');
      await api.whisp(friend, 'arrived meanwhile');
      const second = await feed(
        `/api/posts/following?limit=3&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
      );

      expect(ids(second.posts).filter((id) => ids(first.posts).includes(id))).toEqual([]);
    });
  });

  describe('parameters', () => {
    it.each(['limit=abc', 'page=x', 'limit=1.5'])('answers 400 to %s, never 500', async (query) => {
      const response = await api.get(`/api/posts/following?${query}`, me);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    it('clamps a negative limit and page', async () => {
      const response = await api.get('/api/posts/following?limit=-5&page=-2', me);
      expect(response.statusCode).toBe(200);
      expect(response.json().posts).toHaveLength(1);
    });

    it('answers 400 to a cursor it did not make', async () => {
      for (const cursor of ['garbage', Buffer.from('{"at":"x","id":"y"}').toString('base64url')]) {
        const response = await api.get(`/api/posts/timeline?cursor=${cursor}`, me);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('INVALID_CURSOR');
      }
    });

    it('ignores unknown parameters', async () => {
      expect((await api.get('/api/posts/public?colour=blue', me)).statusCode).toBe(200);
    });
  });

  describe('public', () => {
    it('shows everyone’s whisps without rewhisps or replies, up to 200 at once', async () => {
      const { kysely } = testApp.database;
      await kysely
        .insertInto('posts')
        .values(
          Array.from({ length: PUBLIC_POSTS_LIMIT_MAX + 10 }, (_, index) => ({
            author_id: stranger.id,
            content: `bulk ${index}`,
            created_at: new Date(Date.now() - (index + 1) * 60_000),
          })),
        )
        .execute();

      const { posts } = await feed('/api/posts/public?limit=500');

      expect(posts).toHaveLength(PUBLIC_POSTS_LIMIT_MAX);
      expect(posts.some((post) => post.rewhisp_of !== null || post.is_reply)).toBe(false);
      expect((await feed('/api/posts/public')).posts).toHaveLength(20);
    });
  });
});
