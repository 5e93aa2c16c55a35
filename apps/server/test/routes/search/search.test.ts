import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

describe('search', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let maria: TestMember;
  let viewer: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    maria = await registerMember(testApp.app, {
      username: 'maria_k',
      display_name: 'Maria Keller',
      bio: 'Coffee and code',
    });
    await registerMember(testApp.app, { username: 'mark_t', display_name: 'Mark Twain' });
    await registerMember(testApp.app, { username: 'zed', display_name: 'Rosa Mariposa' });
    viewer = await registerMember(testApp.app);
    await api.follow(viewer, maria);
  });
  afterAll(() => testApp.close());

  const search = async (q: string) => {
    const response = await api.get(`/api/search?q=${encodeURIComponent(q)}`, viewer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      posts: { id: string; content: string }[];
      users: {
        username: string;
        posts_count: number;
        followers_count: number;
        is_following: boolean;
      }[];
    };
  };

  it('finds whisps by words, best match first, and by unfinished words as one types', async () => {
    const once = await api.whisp(maria, 'Espresso tasting notes for the weekend');
    const twice = await api.whisp(maria, 'Espresso, espresso, and more espresso');
    await api.whisp(maria, 'Tea is fine too');

    const full = await search('espresso');
    const prefix = await search('espres');

    expect(full.posts.map((post) => post.id)).toEqual([twice.id, once.id]);
    expect(prefix.posts.map((post) => post.id)).toEqual([twice.id, once.id]);
    expect((await search('espresso weekend')).posts.map((post) => post.id)).toEqual([once.id]);
  });

  it('treats tsquery and LIKE syntax as plain text', async () => {
    for (const q of ["'", '&|!:*()', "espresso' | 'tea", '%', '_', '\\', '<->', 'a:* & !b']) {
      const response = await api.get(`/api/search?q=${encodeURIComponent(q)}`, viewer);
      expect(response.statusCode, q).toBe(200);
    }
    expect((await search('%')).users).toEqual([]);
    expect((await search("espresso' | 'tea")).posts.map((post) => post.content)).toEqual([]);
  });

  it('finds members by username prefix and by display name, with their counts', async () => {
    const { users } = await search('mar');

    expect(users.map((user) => user.username)).toEqual(['maria_k', 'mark_t', 'zed']);
    expect(users[0]).toMatchObject({
      username: 'maria_k',
      posts_count: 3,
      followers_count: 1,
      is_following: true,
      bio: 'Coffee and code',
    });
    expect((await search('@MARIA_K')).users.map((user) => user.username)).toEqual(['maria_k']);
    // The prefix is a range of the username index: its end is the last letter's next one, and
    // `_` is a character like any other, never a wildcard.
    expect((await search('ze')).users.map((user) => user.username)).toEqual(['zed']);
    expect((await search('maria_')).users.map((user) => user.username)).toEqual(['maria_k']);
  });

  it('answers an empty query with nothing', async () => {
    expect(await search('')).toEqual({ posts: [], users: [] });
    expect(await search('   ')).toEqual({ posts: [], users: [] });
  });

  it('lists whisps with a hashtag, any case, with their count', async () => {
    const first = await api.whisp(maria, 'Morning #Coffee');
    const second = await api.whisp(maria, 'Evening #coffee #tea');
    await api.post(`/api/posts/${first.id}/rewhisp`, viewer, { comment: null });

    const response = await api.get('/api/search/hashtag/COFFEE', viewer);

    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.hashtag).toBe('coffee');
    expect(data.post_count).toBe(2);
    expect(data.posts.map((post: { id: string }) => post.id)).toEqual([second.id, first.id]);
    const pastTheEnd = await api.get('/api/search/hashtag/coffee?offset=20', viewer);
    expect(pastTheEnd.json().data).toEqual({ hashtag: 'coffee', post_count: 2, posts: [] });
    const secondPage = await api.get('/api/search/hashtag/coffee?limit=1&offset=1', viewer);
    expect(secondPage.json().data.posts.map((post: { id: string }) => post.id)).toEqual([first.id]);
    expect((await api.get('/api/search/hashtag/nothing_here', viewer)).json().data).toEqual({
      hashtag: 'nothing_here',
      post_count: 0,
      posts: [],
    });
  });

  it('keeps the hashtag count exact through replies, edits, rewhisps and deletes', async () => {
    const count = async () =>
      (await api.get('/api/search/hashtag/espressobar', viewer)).json().data.post_count;
    const whisp = await api.whisp(maria, 'Opening day #EspressoBar #beans');
    const reply = await api.post(`/api/posts/${whisp.id}/reply`, viewer, {
      content: 'See you there #espressobar',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await api.post(`/api/posts/${whisp.id}/rewhisp`, viewer, { comment: null });
    expect(await count()).toBe(2);

    // Re-saving the same tags changes nothing; dropping the tag takes it off the count.
    await api.post(`/api/posts/${whisp.id}`, maria, { content: 'Opening day #espressobar #beans' });
    expect(await count()).toBe(2);
    await api.post(`/api/posts/${whisp.id}`, maria, { content: 'Opening day #beans' });
    expect(await count()).toBe(1);
    await api.post(`/api/posts/${whisp.id}`, maria, { content: 'Opening day #espressobar' });
    expect(await count()).toBe(2);

    await api.delete(`/api/posts/${reply.json().data.id}`, viewer);
    expect(await count()).toBe(1);
    await api.delete(`/api/posts/${whisp.id}`, maria);
    expect(await count()).toBe(0);
  });
});
