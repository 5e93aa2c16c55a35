import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  follow,
  ids,
  ok,
  reply,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

describe.each(TARGETS)('threads and replies (%s)', (name) => {
  const target = useTarget(name);

  it('replies with 201, counts the reply on its parent and lists replies oldest first, paged', async () => {
    const [author, first, second] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const parent = await whisp(target, author, 'Start of a thread');
    const answer = ok(
      await target.call('POST', `/api/posts/${parent.id}/reply`, {
        token: first.token,
        json: { content: 'First!' },
      }),
      201,
    );
    expect(answer.message).toBe('Reply posted');
    expect(answer.data).toMatchObject({
      author: { id: first.id },
      content: 'First!',
      is_reply: true,
      reply_to_id: parent.id,
      rewhisp_of: null,
      reply_settings: { can_reply: 'everyone', can_repost: true },
    });
    const later = await reply(target, second, parent.id, 'Second');
    const read = ok(await target.call('GET', `/api/posts/${parent.id}`, { token: author.token }));
    expect(read.data.reply_count).toBe(2);

    const list = (query = '') =>
      target.call('GET', `/api/posts/${parent.id}/replies${query}`, { token: author.token });
    const all = ok(await list());
    expect(all).toEqual({ success: true, posts: [answer.data, later], has_more: false });
    const page = ok(await list('?limit=1'));
    expect({ ids: ids(page.posts), has_more: page.has_more }).toEqual({
      ids: [answer.data.id],
      has_more: true,
    });
    const rest = ok(await list('?limit=1&offset=1'));
    expect({ ids: ids(rest.posts), has_more: rest.has_more }).toEqual({
      ids: [later.id],
      has_more: false,
    });
    // Replies stay out of the feeds: only their parent is there.
    const feed = ok(
      await target.call('GET', '/api/posts/public?limit=200', { token: author.token }),
    );
    expect(ids(feed.posts)).not.toContain(later.id);
  });

  it('replies to a rewhisp’s original, and lists the original’s replies for it', async () => {
    const [author, fan, replier] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const original = await whisp(target, author, 'Original');
    await act(target, fan, original.id, 'rewhisp');
    const rewhisp = ok(
      await target.call('GET', `/api/users/${fan.id}/posts?tab=rewhisps`, { token: fan.token }),
    ).posts[0];
    const answer = await reply(target, replier, rewhisp.id, 'To the original');
    expect(answer.reply_to_id).toBe(original.id);
    const listed = ok(
      await target.call('GET', `/api/posts/${rewhisp.id}/replies`, { token: fan.token }),
    );
    expect(ids(listed.posts)).toEqual([answer.id]);
  });

  it('keeps to the reply settings: none, followers, and the author always', async () => {
    const [author, follower, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    await follow(target, follower, author);
    const closed = await whisp(target, author, 'No replies', {
      reply_settings: { can_reply: 'none', can_repost: true },
    });
    const followersOnly = await whisp(target, author, 'Followers only', {
      reply_settings: { can_reply: 'followers', can_repost: true },
    });
    const attempt = (token: string, id: string) =>
      target.call('POST', `/api/posts/${id}/reply`, { token, json: { content: 'Hi' } });

    for (const member of [follower, stranger]) {
      expectError(
        await attempt(member.token, closed.id),
        403,
        'REPLIES_RESTRICTED',
        `@${author.username} has turned off replies to this whisp`,
      );
    }
    expectError(
      await attempt(stranger.token, followersOnly.id),
      403,
      'REPLIES_RESTRICTED',
      `Only people who follow @${author.username} can reply to this whisp`,
    );
    ok(await attempt(follower.token, followersOnly.id), 201);
    ok(await attempt(author.token, closed.id), 201);
  });

  it('refuses an empty or too long reply, and a reply to an unknown whisp', async () => {
    const [author, replier] = [await signUp(target), await signUp(target)];
    const parent = await whisp(target, author, 'Parent');
    const attempt = (id: string, json: unknown) =>
      target.call('POST', `/api/posts/${id}/reply`, { token: replier.token, json });
    expectInvalid(
      await attempt(parent.id, { content: ' ' }),
      'content',
      'Please add some content to your post',
    );
    expectInvalid(
      await attempt(parent.id, { content: '🙂'.repeat(501) }),
      'content',
      'Whisps can be at most 500 characters',
    );
    expectInvalid(await attempt(parent.id, { content: ['x'] }), 'content', 'Content must be text');
    expectError(
      await attempt('no-such-whisp', { content: 'Hi' }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
    expectError(
      await target.call('GET', '/api/posts/no-such-whisp/replies', { token: replier.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
  });
});
