import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  ids,
  ok,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

describe.each(TARGETS)('likes, rewhisps and bookmarks (%s)', (name) => {
  const target = useTarget(name);

  it('likes once however often asked, and unlikes, answering with the whisp', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Likeable');
    for (let i = 0; i < 2; i += 1) {
      const { data } = await act(target, fan, post.id, 'like');
      expect(data).toEqual({ ...post, like_count: 1, is_liked: true });
    }
    for (let i = 0; i < 2; i += 1) {
      const { data } = await act(target, fan, post.id, 'unlike');
      expect(data).toEqual({ ...post, like_count: 0, is_liked: false });
    }
    expectError(
      await target.call('POST', '/api/posts/no-such-whisp/like', { token: fan.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
  });

  it('rewhisps once, shows the rewhisp as its rewhisper’s Post in feeds, and takes it back', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Worth sharing');
    for (let i = 0; i < 2; i += 1) {
      const answer = ok(
        await target.call('POST', `/api/posts/${post.id}/rewhisp`, {
          token: fan.token,
          json: { comment: 'So true' },
        }),
      );
      expect(answer.data).toEqual({ ...post, rewhisp_count: 1, is_rewhisped: true });
    }
    const feed = ok(await target.call('GET', '/api/posts/following', { token: fan.token }));
    expect(feed.posts).toHaveLength(1);
    const [rewhisp] = feed.posts;
    expect(rewhisp).toMatchObject({
      author: { id: fan.id, username: fan.username },
      content: 'So true',
      is_reply: false,
      reply_to_id: null,
      rewhisp_of: { ...post, rewhisp_count: 1, is_rewhisped: true },
    });

    // Acting on the rewhisp acts on its original.
    const liked = await act(target, author, rewhisp.id, 'like');
    expect(liked.data).toMatchObject({ id: post.id, like_count: 1, is_liked: true });
    const again = ok(
      await target.call('POST', `/api/posts/${rewhisp.id}/rewhisp`, { token: fan.token }),
    );
    expect(again.data).toMatchObject({ id: post.id, rewhisp_count: 1 });
    const bookmarked = await act(target, author, rewhisp.id, 'bookmark');
    expect(bookmarked.data).toEqual({ is_bookmarked: true });
    const read = ok(await target.call('GET', `/api/posts/${post.id}`, { token: author.token }));
    expect(read.data).toMatchObject({ is_bookmarked: true, is_liked: true });

    const undone = await act(target, fan, post.id, 'unrewhisp');
    expect(undone.data).toMatchObject({ id: post.id, rewhisp_count: 0, is_rewhisped: false });
    expect(
      ok(await target.call('GET', '/api/posts/following', { token: fan.token })).posts,
    ).toEqual([]);
  });

  it('refuses a rewhisp when the author turned rewhisps off, except to the author', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Mine only', {
      reply_settings: { can_reply: 'everyone', can_repost: false },
    });
    expectError(
      await target.call('POST', `/api/posts/${post.id}/rewhisp`, { token: fan.token }),
      403,
      'REWHISPS_RESTRICTED',
      `@${author.username} has turned off rewhisps for this whisp`,
    );
    const own = await act(target, author, post.id, 'rewhisp');
    expect(own.data).toMatchObject({ rewhisp_count: 1, is_rewhisped: true });
  });

  it('checks a rewhisp’s comment as a whisp’s text', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Comment on me');
    const rewhisp = (json: unknown) =>
      target.call('POST', `/api/posts/${post.id}/rewhisp`, { token: fan.token, json });
    expectInvalid(
      await rewhisp({ comment: 'x'.repeat(501) }),
      'comment',
      'Whisps can be at most 500 characters',
    );
    expectInvalid(
      await rewhisp({ comment: '  ' }),
      'comment',
      'Please add some content to your post',
    );
    expectInvalid(await rewhisp({ comment: 7 }), 'comment', 'Comment must be text');
    expect(ok(await rewhisp({ comment: null })).data.rewhisp_count).toBe(1);
  });

  it('bookmarks once, lists bookmarks newest first with paging, and removes them', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const first = await whisp(target, author, 'One');
    const second = await whisp(target, author, 'Two');
    for (let i = 0; i < 2; i += 1) {
      expect(
        ok(await target.call('POST', `/api/posts/${first.id}/bookmark`, { token: reader.token })),
      ).toEqual({
        success: true,
        message: 'Bookmarked',
        data: { is_bookmarked: true },
      });
    }
    await act(target, reader, second.id, 'bookmark');
    const list = ok(await target.call('GET', '/api/bookmarks', { token: reader.token }));
    expect(list.data.bookmarks.map((b: { post: { id: string } }) => b.post.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(list.data.bookmarks[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      post: { ...second, is_bookmarked: true },
    });
    expect(list.data).toMatchObject({ has_more: false, next_offset: null });
    const page = ok(await target.call('GET', '/api/bookmarks?limit=1', { token: reader.token }));
    expect(page.data).toMatchObject({ has_more: true, next_offset: 1 });
    const rest = ok(
      await target.call('GET', '/api/bookmarks?limit=1&offset=1', { token: reader.token }),
    );
    expect(ids(rest.data.bookmarks.map((b: { post: { id: string } }) => b.post))).toEqual([
      first.id,
    ]);
    expect(rest.data).toMatchObject({ has_more: false, next_offset: null });

    for (let i = 0; i < 2; i += 1) {
      expect(
        ok(await target.call('POST', `/api/posts/${first.id}/unbookmark`, { token: reader.token })),
      ).toEqual({
        success: true,
        message: 'Bookmark removed',
        data: { is_bookmarked: false },
      });
    }
    const after = ok(await target.call('GET', '/api/bookmarks', { token: reader.token }));
    expect(after.data.bookmarks.map((b: { post: { id: string } }) => b.post.id)).toEqual([
      second.id,
    ]);
  });
});
