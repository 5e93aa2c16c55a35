import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember, type ShownPost } from './client.js';

describe('editing and deleting whisps', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
    await api.follow(bob, ann);
  });
  afterAll(() => testApp.close());

  it('lets the author edit, re-parsing hashtags and mentions', async () => {
    const whisp = await api.whisp(ann, 'First draft #old');

    const response = await api.post(`/api/posts/${whisp.id}`, ann, {
      content: `Final #New #better for @${bob.username}`,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      content: `Final #New #better for @${bob.username}`,
      hashtags: ['new', 'better'],
      mentions: [bob.username],
    });
    const hashtag = (await api.get('/api/search/hashtag/old', bob)).json().data;
    expect(hashtag.post_count).toBe(0);
  });

  it('refuses an edit by another member with 403', async () => {
    const whisp = await api.whisp(ann, 'Mine');

    const response = await api.post(`/api/posts/${whisp.id}`, bob, { content: 'Yours now' });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only the author can change this whisp');
    expect((await api.get(`/api/posts/${whisp.id}`, bob)).json().data.content).toBe('Mine');
  });

  it('refuses an edit to empty or too long content', async () => {
    const whisp = await api.whisp(ann, 'Keep me');
    expect((await api.post(`/api/posts/${whisp.id}`, ann, { content: '' })).statusCode).toBe(400);
    const tooLong = await api.post(`/api/posts/${whisp.id}`, ann, { content: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a delete by another member with 403', async () => {
    const whisp = await api.whisp(ann, 'Still here');

    const response = await api.delete(`/api/posts/${whisp.id}`, bob);

    expect(response.statusCode).toBe(403);
    expect((await api.get(`/api/posts/${whisp.id}`, ann)).statusCode).toBe(200);
  });

  it('removes a deleted whisp from feeds, search, hashtags, bookmarks and profile tabs', async () => {
    const whisp = await api.whisp(ann, 'Ephemeral zebracorn #vanishing');
    await api.post(`/api/posts/${whisp.id}/like`, bob);
    await api.post(`/api/posts/${whisp.id}/bookmark`, bob);
    await api.post(`/api/posts/${whisp.id}/rewhisp`, bob, { comment: null });
    const ids = async (url: string, who: TestMember) => {
      const body = (await api.get(url, who)).json();
      const posts: ShownPost[] =
        body.posts ??
        body.data.posts ??
        body.data.bookmarks.map((bookmark: { post: ShownPost }) => bookmark.post);
      return posts.flatMap((post) => [post.id, post.rewhisp_of?.id]);
    };
    const places: [string, TestMember][] = [
      ['/api/posts/following', bob],
      ['/api/posts/timeline', bob],
      ['/api/posts/public', bob],
      ['/api/search?q=zebracorn', bob],
      ['/api/search/hashtag/vanishing', bob],
      ['/api/bookmarks', bob],
      [`/api/users/${ann.id}/posts?tab=posts`, bob],
      [`/api/users/${bob.id}/posts?tab=likes`, bob],
      [`/api/users/${bob.id}/posts?tab=rewhisps`, bob],
      [`/api/users/${bob.id}/posts?tab=bookmarks`, bob],
    ];
    for (const [url, who] of places) expect(await ids(url, who), url).toContain(whisp.id);

    const response = await api.delete(`/api/posts/${whisp.id}`, ann);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Whisp deleted' });
    for (const [url, who] of places) expect(await ids(url, who), url).not.toContain(whisp.id);
    expect((await api.get(`/api/posts/${whisp.id}`, ann)).statusCode).toBe(404);
    const { kysely } = testApp.database;
    const left = await Promise.all([
      kysely.selectFrom('likes').selectAll().where('post_id', '=', whisp.id).execute(),
      kysely.selectFrom('bookmarks').selectAll().where('post_id', '=', whisp.id).execute(),
      kysely.selectFrom('posts').selectAll().where('rewhisp_of_id', '=', whisp.id).execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
    expect((await api.get('/api/trends', bob)).json().data).not.toContainEqual(
      expect.objectContaining({ hashtag: 'vanishing' }),
    );
  });

  it('keeps the replies of a deleted whisp, as replies to nothing', async () => {
    const whisp = await api.whisp(ann, 'Parent');
    const reply = (await api.post(`/api/posts/${whisp.id}/reply`, bob, { content: 'Child' })).json()
      .data;

    await api.delete(`/api/posts/${whisp.id}`, ann);

    const after = (await api.get(`/api/posts/${reply.id}`, bob)).json().data;
    expect(after).toMatchObject({ is_reply: true, reply_to_id: null, content: 'Child' });
  });

  it('files a report (201) that is stored for moderation', async () => {
    const whisp = await api.whisp(ann, 'Questionable');

    const response = await api.post(`/api/posts/${whisp.id}/report`, bob, {
      reason: 'spam',
      details: 'Posted ten times',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: 'Thank you for your report' });
    const reports = await testApp.database.kysely
      .selectFrom('reports')
      .selectAll()
      .where('post_id', '=', whisp.id)
      .execute();
    expect(reports).toMatchObject([
      { reporter_id: bob.id, reason: 'spam', details: 'Posted ten times' },
    ]);
    expect((await api.post(`/api/posts/${whisp.id}/report`, bob, { reason: ' ' })).statusCode).toBe(
      400,
    );
  });
});
