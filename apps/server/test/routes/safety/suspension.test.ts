import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

// Moderation (1.1): a suspended member's profile and whisps answer 404 to everyone else, and
// they leave every feed, search, list and count. Part 4 owns the endpoints that suspend; these
// tests set users.suspended_at directly, which is all the reads look at, and then forget the
// cached sign-ins as the endpoints do (they carry whether anyone is suspended).

describe('a suspended member, as everyone else sees them', () => {
  let testApp: TestApp;
  let as: ReturnType<typeof asMember>;
  beforeAll(async () => {
    testApp = await createTestApp();
    as = asMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const member = () => registerMember(testApp.app);
  const setSuspended = async (who: TestMember, suspended: boolean) => {
    await sql`update users set suspended_at = ${suspended ? new Date() : null} where id = ${who.id}`.execute(
      testApp.database.kysely,
    );
    testApp.app.sessionCache.clear();
  };
  const read = async (url: string, who: TestMember) => {
    const response = await as.get(url, who);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const ids = (posts: { id: string }[]) => posts.map((post) => post.id);

  it('is not found, nor are their whisps, and nobody can act on them', async () => {
    const [spammer, viewer] = [await member(), await member()];
    const spam = await as.whisp(spammer, 'buy now');
    await setSuspended(spammer, true);

    for (const url of [
      `/api/users/${spammer.id}`,
      `/api/users/profile/${spammer.username}`,
      `/api/users/${spammer.id}/posts`,
      `/api/users/${spammer.id}/followers`,
      `/api/posts/${spam.id}`,
      `/api/posts/${spam.id}/replies`,
    ]) {
      expect((await as.get(url, viewer)).statusCode, url).toBe(404);
    }
    for (const action of ['like', 'rewhisp', 'bookmark']) {
      expect((await as.post(`/api/posts/${spam.id}/${action}`, viewer)).statusCode).toBe(404);
    }
    for (const url of [
      `/api/users/${spammer.id}/follow`,
      `/api/users/${spammer.id}/block`,
      `/api/users/${spammer.id}/mute`,
      `/api/messages/start/${spammer.id}`,
    ]) {
      expect((await as.post(url, viewer)).statusCode, url).toBe(404);
    }

    await setSuspended(spammer, false);
    expect((await as.get(`/api/posts/${spam.id}`, viewer)).statusCode).toBe(200);
  });

  it('leaves every feed, search, hashtag page, trend, suggestion, list and notification', async () => {
    const [spammer, viewer, friend] = [await member(), await member(), await member()];
    const tag = `sus${Date.now().toString(36)}`;
    await as.follow(viewer, spammer);
    await as.follow(viewer, friend);
    await as.follow(friend, spammer);
    const spam = await as.whisp(spammer, `${tag} spam #${tag}`);
    const fine = await as.whisp(friend, `${tag} fine #${tag}`);
    await as.post(`/api/posts/${spam.id}/rewhisp`, friend);
    const mine = await as.whisp(viewer, 'hello');
    await as.post(`/api/posts/${mine.id}/like`, spammer);
    await as.post(`/api/posts/${mine.id}/bookmark`, viewer);
    await as.post(`/api/posts/${spam.id}/bookmark`, viewer);
    await setSuspended(spammer, true);

    expect(ids((await read('/api/posts/following', viewer)).posts)).toEqual([mine.id, fine.id]);
    expect(ids((await read('/api/posts/timeline', viewer)).posts)).not.toContain(spam.id);
    expect(ids((await read('/api/posts/public?limit=200', viewer)).posts)).not.toContain(spam.id);
    expect(ids((await read(`/api/search?q=${tag}`, viewer)).data.posts)).toEqual([fine.id]);
    expect((await read(`/api/search?q=${spammer.username}`, viewer)).data.users).toEqual([]);
    const hashtag = (await read(`/api/search/hashtag/${tag}`, viewer)).data;
    expect({ count: hashtag.post_count, posts: ids(hashtag.posts) }).toEqual({
      count: 1,
      posts: [fine.id],
    });
    expect((await read('/api/trends?limit=100', viewer)).data).toContainEqual({
      hashtag: tag,
      post_count: 1,
    });
    expect(ids((await read('/api/users/suggested?limit=100', friend)).data)).not.toContain(
      spammer.id,
    );
    expect(ids((await read(`/api/users/${friend.id}/following`, viewer)).data)).toEqual([]);
    const bookmarks = (await read('/api/bookmarks', viewer)).data.bookmarks;
    expect(bookmarks.map((bookmark: { post: { id: string } }) => bookmark.post.id)).toEqual([
      mine.id,
    ]);
    const inbox = (await read('/api/notifications', viewer)).data;
    expect(inbox).toEqual({ notifications: [], unread_count: 0 });
  });

  // The feeds read the stored counts while nobody is suspended (the sign-in tells them so): a
  // suspension must still take the member's like, rewhisp and reply off at once.
  it('leaves a suspended member’s likes, rewhisps and replies out of the counts in Following and For you', async () => {
    const [spammer, star, reader] = [await member(), await member(), await member()];
    await as.follow(reader, star);
    const post = await as.whisp(star, 'counted in the feeds');
    await as.post(`/api/posts/${post.id}/like`, spammer);
    await as.post(`/api/posts/${post.id}/rewhisp`, spammer);
    await as.post(`/api/posts/${post.id}/reply`, spammer, { content: 'a reply' });
    const counts = async (url: string) => {
      const shown = (await read(url, reader)).posts.find(
        (candidate: { id: string }) => candidate.id === post.id,
      );
      return [shown.like_count, shown.rewhisp_count, shown.reply_count];
    };
    for (const url of ['/api/posts/following', '/api/posts/timeline']) {
      expect(await counts(url), url).toEqual([1, 1, 1]);
    }
    await setSuspended(spammer, true);
    for (const url of ['/api/posts/following', '/api/posts/timeline']) {
      expect(await counts(url), url).toEqual([0, 0, 0]);
    }
    await setSuspended(spammer, false);
    for (const url of ['/api/posts/following', '/api/posts/timeline']) {
      expect(await counts(url), url).toEqual([1, 1, 1]);
    }
  });

  it('leaves every count: followers, following, likes, rewhisps and replies', async () => {
    const [spammer, star] = [await member(), await member()];
    await as.follow(spammer, star);
    await as.follow(star, spammer);
    const post = await as.whisp(star, 'counted');
    await as.post(`/api/posts/${post.id}/like`, spammer);
    await as.post(`/api/posts/${post.id}/rewhisp`, spammer);
    await as.post(`/api/posts/${post.id}/reply`, spammer, { content: 'a reply' });
    const counts = async () => {
      const profile = (await read(`/api/users/${star.id}`, star)).data;
      const shown = (await read(`/api/posts/${post.id}`, star)).data;
      return [
        profile.followers_count,
        profile.following_count,
        shown.like_count,
        shown.rewhisp_count,
        shown.reply_count,
      ];
    };
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
    await setSuspended(spammer, true);
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
    expect(ids((await read(`/api/posts/${post.id}/replies`, star)).posts)).toEqual([]);
    await setSuspended(spammer, false);
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
  });
});
