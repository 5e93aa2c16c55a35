import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  ISO_TIME,
  ids,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

const NOT_AUTHOR = 'Only the author can change this whisp';

// Reporting whisps (the reasons of contract 1.1, one open report per target): reports.test.ts.
describe.each(TARGETS)('editing and deleting whisps (%s)', (name) => {
  const target = useTarget(name);

  it('lets the author edit: content, hashtags and mentions change, the rest stays', async () => {
    const [author, friend] = [await signUp(target), await signUp(target)];
    const original = await whisp(target, author, 'First #draft');
    const edit = (token: string, json: unknown) =>
      target.call('POST', `/api/posts/${original.id}`, { token, json });
    const body = ok(await edit(author.token, { content: `Final #Done with @${friend.username}` }));
    expect(body).toEqual({
      success: true,
      data: {
        ...original,
        content: `Final #Done with @${friend.username}`,
        hashtags: ['done'],
        mentions: [friend.username],
        updated_at: expect.any(String),
        // The text changed: the whisp says when (its earlier version is in its history).
        edited_at: expect.stringMatching(ISO_TIME),
      },
    });
    expect(Date.parse(body.data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(original.updated_at),
    );
    // An edit is not a new mention: nobody is notified of it.
    expect((await notificationsOf(target, friend)).notifications).toEqual([]);

    expectError(await edit(friend.token, { content: 'mine now' }), 403, 'NOT_AUTHOR', NOT_AUTHOR);
    expectInvalid(
      await edit(author.token, { content: ' ' }),
      'content',
      'Please add some content to your post',
    );
    expectInvalid(await edit(author.token, {}), 'content', 'Content is required');
    expectError(
      await target.call('POST', '/api/posts/no-such-whisp', {
        token: author.token,
        json: { content: 'x' },
      }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
  });

  it('lets a rewhisp’s comment be emptied', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const original = await whisp(target, author, 'Worth sharing');
    ok(
      await target.call('POST', `/api/posts/${original.id}/rewhisp`, {
        token: fan.token,
        json: { comment: 'Look' },
      }),
    );
    const tab = ok(
      await target.call('GET', `/api/users/${fan.id}/posts?tab=rewhisps`, { token: fan.token }),
    );
    const rewhisp = tab.posts[0];
    expect(rewhisp.content).toBe('Look');
    const edited = ok(
      await target.call('POST', `/api/posts/${rewhisp.id}`, {
        token: fan.token,
        json: { content: '' },
      }),
    );
    expect(edited.data).toMatchObject({
      id: rewhisp.id,
      content: '',
      rewhisp_of: { id: original.id },
    });
  });

  it('lets only the author delete; the whisp leaves feeds, bookmarks, tabs, search and hashtags', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const word = uniqueWord('gone');
    const doomed = await whisp(target, author, `${word} #${word}`);
    const answer = await reply(target, reader, doomed.id, 'A reply that stays');
    await act(target, reader, doomed.id, 'like');
    await act(target, reader, doomed.id, 'bookmark');
    await act(target, reader, doomed.id, 'rewhisp');
    ok(await target.call('POST', `/api/users/${author.id}/follow`, { token: reader.token }));

    expectError(
      await target.call('DELETE', `/api/posts/${doomed.id}`, { token: reader.token }),
      403,
      'NOT_AUTHOR',
      NOT_AUTHOR,
    );
    expect(
      ok(await target.call('DELETE', `/api/posts/${doomed.id}`, { token: author.token })),
    ).toEqual({ success: true, message: 'Whisp deleted' });

    const get = async (path: string) => ok(await target.call('GET', path, { token: reader.token }));
    expectError(
      await target.call('GET', `/api/posts/${doomed.id}`, { token: reader.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
    expect((await get('/api/bookmarks')).data.bookmarks).toEqual([]);
    expect(ids((await get('/api/posts/following')).posts)).toEqual([]);
    expect(ids((await get('/api/posts/public?limit=200')).posts)).not.toContain(doomed.id);
    expect((await get(`/api/users/${reader.id}/posts?tab=likes`)).posts).toEqual([]);
    expect((await get(`/api/users/${reader.id}/posts?tab=rewhisps`)).posts).toEqual([]);
    expect((await get(`/api/search?q=${word}`)).data.posts).toEqual([]);
    expect((await get(`/api/search/hashtag/${word}`)).data).toEqual({
      hashtag: word,
      post_count: 0,
      posts: [],
    });
    // The author no longer hears of the like or the rewhisp of a whisp that is gone; the reply stays.
    const left = (await notificationsOf(target, author)).notifications as {
      notification_type: string;
    }[];
    expect(left.map((n) => n.notification_type)).toEqual(['follow', 'reply']);
    // A reply outlives the whisp it answered: still a reply, without the link.
    const orphan = ok(await target.call('GET', `/api/posts/${answer.id}`, { token: reader.token }));
    expect(orphan.data).toMatchObject({ id: answer.id, is_reply: true, reply_to_id: null });
    expect((await get(`/api/users/${author.id}`)).data.posts_count).toBe(0);
  });

  it('answers 404 when deleting an unknown whisp', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('DELETE', '/api/posts/no-such-whisp', { token: member.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
  });
});
