import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember, type ShownPost } from './client.js';

describe('likes, rewhisps and bookmarks', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const likeRows = async (postId: string) =>
    (
      await testApp.database.kysely
        .selectFrom('likes')
        .selectAll()
        .where('post_id', '=', postId)
        .execute()
    ).length;

  it('counts 25 members liking one whisp at the same moment exactly 25 times', async () => {
    const whisp = await api.whisp(ann, 'Like me');
    const members = await Promise.all(
      Array.from({ length: 25 }, () => registerMember(testApp.app)),
    );

    const responses = await Promise.all(
      members.map((member) => api.post(`/api/posts/${whisp.id}/like`, member)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(25).fill(200));
    const post = (await api.get(`/api/posts/${whisp.id}`, ann)).json().data;
    expect(post.like_count).toBe(25);
    expect(await likeRows(whisp.id)).toBe(25);
  });

  it('counts a like twice as one, and an unlike twice as none', async () => {
    const whisp = await api.whisp(ann, 'Toggle me');

    const [first, second] = await Promise.all([
      api.post(`/api/posts/${whisp.id}/like`, bob),
      api.post(`/api/posts/${whisp.id}/like`, bob),
    ]);
    expect(first.json().data).toMatchObject({ like_count: 1, is_liked: true });
    expect(second.json().data).toMatchObject({ like_count: 1, is_liked: true });

    const unliked = await api.post(`/api/posts/${whisp.id}/unlike`, bob);
    const again = await api.post(`/api/posts/${whisp.id}/unlike`, bob);
    expect(unliked.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ like_count: 0, is_liked: false });
    expect(await likeRows(whisp.id)).toBe(0);
  });

  it('shows is_liked to the member who liked, not to others', async () => {
    const whisp = await api.whisp(ann, 'Whose like?');
    await api.post(`/api/posts/${whisp.id}/like`, bob);

    expect((await api.get(`/api/posts/${whisp.id}`, bob)).json().data.is_liked).toBe(true);
    expect((await api.get(`/api/posts/${whisp.id}`, ann)).json().data.is_liked).toBe(false);
  });

  it('rewhisps once, answering with the original and its new count', async () => {
    const whisp = await api.whisp(ann, 'Share me');

    const first = await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: null });
    const second = await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: 'again' });

    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      id: whisp.id,
      rewhisp_count: 1,
      is_rewhisped: true,
    });
    expect(second.json().data.rewhisp_count).toBe(1);
  });

  it('shows a rewhisp in feeds as its own Post with the original nested, flags included', async () => {
    const whisp = await api.whisp(ann, 'Original thought');
    await api.post(`/api/posts/${whisp.id}/like`, bob);
    await api.post(`/api/posts/${whisp.id}/bookmark`, bob);
    await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: 'So true' });

    const tab = (await api.get(`/api/users/${bob.id}/posts?tab=rewhisps`, bob)).json();
    const rewhisp = tab.posts.find((post: ShownPost) => post.rewhisp_of?.id === whisp.id);

    expect(rewhisp).toMatchObject({
      author: { id: bob.id },
      content: 'So true',
      rewhisp_of: {
        id: whisp.id,
        author: { id: ann.id },
        content: 'Original thought',
        like_count: 1,
        rewhisp_count: 1,
        is_liked: true,
        is_bookmarked: true,
        is_rewhisped: true,
        rewhisp_of: null,
      },
    });
    expect(rewhisp.id).not.toBe(whisp.id);
  });

  it('acts on the original when a rewhisp is liked or rewhisped', async () => {
    const whisp = await api.whisp(ann, 'Deep original');
    await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: null });
    const tab = (await api.get(`/api/users/${bob.id}/posts?tab=rewhisps`, bob)).json();
    const wrapper = tab.posts.find((post: ShownPost) => post.rewhisp_of?.id === whisp.id);

    const liked = await api.post(`/api/posts/${wrapper.id}/like`, ann);

    expect(liked.json().data).toMatchObject({ id: whisp.id, like_count: 1 });
  });

  it('unrewhisps, and twice is fine', async () => {
    const whisp = await api.whisp(ann, 'Take it back');
    await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: null });

    const first = await api.post(`/api/posts/${whisp.id}/unrewhisp`, bob);
    const second = await api.post(`/api/posts/${whisp.id}/unrewhisp`, bob);

    expect(first.json().data).toMatchObject({ rewhisp_count: 0, is_rewhisped: false });
    expect(second.statusCode).toBe(200);
    const tab = (await api.get(`/api/users/${bob.id}/posts?tab=rewhisps`, bob)).json();
    expect(tab.posts.map((post: ShownPost) => post.rewhisp_of?.id)).not.toContain(whisp.id);
  });

  it('bookmarks idempotently and answers with the state', async () => {
    const whisp = await api.whisp(ann, 'Keep for later');

    const on = await api.post(`/api/posts/${whisp.id}/bookmark`, bob);
    await api.post(`/api/posts/${whisp.id}/bookmark`, bob);

    expect(on.json()).toEqual({
      success: true,
      message: 'Bookmarked',
      data: { is_bookmarked: true },
    });
    expect((await api.get(`/api/posts/${whisp.id}`, bob)).json().data.is_bookmarked).toBe(true);
    const rows = await testApp.database.kysely
      .selectFrom('bookmarks')
      .selectAll()
      .where('post_id', '=', whisp.id)
      .execute();
    expect(rows).toHaveLength(1);

    const off = await api.post(`/api/posts/${whisp.id}/unbookmark`, bob);
    const offAgain = await api.post(`/api/posts/${whisp.id}/unbookmark`, bob);
    expect(off.json().data).toEqual({ is_bookmarked: false });
    expect(offAgain.statusCode).toBe(200);
  });

  it('answers 404 for interactions with an unknown whisp', async () => {
    for (const action of ['like', 'unlike', 'rewhisp', 'unrewhisp', 'bookmark', 'unbookmark']) {
      const response = await api.post(
        `/api/posts/00000000-0000-4000-8000-000000000000/${action}`,
        bob,
      );
      expect(response.statusCode, action).toBe(404);
    }
  });
});
