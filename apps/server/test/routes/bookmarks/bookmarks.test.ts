import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

describe('bookmarks and profile tabs', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  const whisps: { id: string }[] = [];
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
    for (let index = 0; index < 5; index += 1) {
      whisps.push(await api.whisp(ann, `Whisp ${index}`));
    }
    for (const whisp of whisps) {
      await api.post(`/api/posts/${whisp.id}/bookmark`, bob);
      await api.post(`/api/posts/${whisp.id}/like`, bob);
    }
  });
  afterAll(() => testApp.close());

  it('lists bookmarks most recent first with has_more and next_offset', async () => {
    const first = (await api.get('/api/bookmarks?limit=2', bob)).json();
    const last = (await api.get('/api/bookmarks?limit=2&offset=4', bob)).json();

    expect(first.success).toBe(true);
    expect(first.data.has_more).toBe(true);
    expect(first.data.next_offset).toBe(2);
    expect(first.data.bookmarks[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      post: expect.objectContaining({ id: whisps[4]?.id, is_bookmarked: true, is_liked: true }),
    });
    expect(last.data).toMatchObject({ has_more: false, next_offset: null });
    expect(last.data.bookmarks.map((b: { post: { id: string } }) => b.post.id)).toEqual([
      whisps[0]?.id,
    ]);
  });

  it('keeps each member’s bookmarks to themselves', async () => {
    const response = await api.get('/api/bookmarks', ann);
    expect(response.json().data).toEqual({ bookmarks: [], has_more: false, next_offset: null });
  });

  it('shows a profile’s whisps newest first, with has_more', async () => {
    const page = (await api.get(`/api/users/${ann.id}/posts?tab=posts&limit=3`, bob)).json();

    expect(page.posts.map((post: { id: string }) => post.id)).toEqual(
      [whisps[4], whisps[3], whisps[2]].map((whisp) => whisp?.id),
    );
    expect(page.has_more).toBe(true);
    const byDefault = (await api.get(`/api/users/${ann.id}/posts`, bob)).json();
    expect(byDefault.posts).toHaveLength(5);
  });

  it('shows own likes and bookmarks, and refuses them to others with 403', async () => {
    for (const tab of ['likes', 'bookmarks']) {
      const own = await api.get(`/api/users/${bob.id}/posts?tab=${tab}`, bob);
      expect(own.statusCode).toBe(200);
      expect(own.json().posts).toHaveLength(5);

      const theirs = await api.get(`/api/users/${bob.id}/posts?tab=${tab}`, ann);
      expect(theirs.statusCode, tab).toBe(403);
      expect(theirs.json().message).toBe('This tab is private');
    }
  });

  it('answers 404 for an unknown member and 400 for an unknown tab', async () => {
    const unknown = await api.get('/api/users/00000000-0000-4000-8000-000000000000/posts', bob);
    expect(unknown.statusCode).toBe(404);
    expect((await api.get(`/api/users/${ann.id}/posts?tab=secrets`, bob)).statusCode).toBe(400);
  });
});
