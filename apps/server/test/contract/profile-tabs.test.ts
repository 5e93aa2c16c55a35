import { describe, expect, it } from 'vitest';
import { file, imageBytes } from './media.js';
import {
  act,
  expectError,
  expectInvalid,
  ids,
  ok,
  reply,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

describe.each(TARGETS)('profile tabs (%s)', (name) => {
  const target = useTarget(name);

  it('shows whisps, media (replies too), rewhisps, and your own likes and bookmarks, newest first', async () => {
    const [member, other] = [await signUp(target), await signUp(target)];
    const theirs = await whisp(target, other, 'Theirs');
    const older = await whisp(target, member, 'Older');
    const [photo] = ok(
      await target.call('POST', '/api/posts/media', {
        token: member.token,
        form: [file('media', 'a.png', 'image/png', await imageBytes('png', 17))],
      }),
    ).media_urls;
    const withPhoto = await whisp(target, member, '', { media_urls: [photo] });
    const replyWithPhoto = ok(
      await target.call('POST', `/api/posts/${theirs.id}/reply`, {
        token: member.token,
        json: { content: 'Look', media_urls: [photo] },
      }),
      201,
    ).data;
    await reply(target, member, theirs.id, 'Plain reply');
    await act(target, member, theirs.id, 'rewhisp');
    await act(target, member, older.id, 'like');
    await act(target, member, theirs.id, 'like');
    await act(target, member, theirs.id, 'bookmark');
    await act(target, member, older.id, 'bookmark');

    const tab = async (which: string, viewer = member) =>
      ok(
        await target.call('GET', `/api/users/${member.id}/posts?tab=${which}`, {
          token: viewer.token,
        }),
      );
    expect(ids((await tab('posts')).posts)).toEqual([withPhoto.id, older.id]);
    expect(ids((await tab('media')).posts)).toEqual([replyWithPhoto.id, withPhoto.id]);
    const rewhisps = (await tab('rewhisps')).posts;
    expect(rewhisps.map((post: { rewhisp_of: { id: string } }) => post.rewhisp_of.id)).toEqual([
      theirs.id,
    ]);
    expect(ids((await tab('likes')).posts)).toEqual([theirs.id, older.id]);
    expect(ids((await tab('bookmarks')).posts)).toEqual([older.id, theirs.id]);
    const defaultTab = ok(
      await target.call('GET', `/api/users/${member.id}/posts`, { token: member.token }),
    );
    expect(defaultTab).toEqual({
      success: true,
      posts: (await tab('posts')).posts,
      has_more: false,
    });

    const paged = ok(
      await target.call('GET', `/api/users/${member.id}/posts?limit=1&offset=1`, {
        token: other.token,
      }),
    );
    expect({ ids: ids(paged.posts), has_more: paged.has_more }).toEqual({
      ids: [older.id],
      has_more: false,
    });
    const first = ok(
      await target.call('GET', `/api/users/${member.id}/posts?limit=1`, { token: other.token }),
    );
    expect(first.has_more).toBe(true);

    for (const privateTab of ['likes', 'bookmarks']) {
      expectError(
        await target.call('GET', `/api/users/${member.id}/posts?tab=${privateTab}`, {
          token: other.token,
        }),
        403,
        'PRIVATE_TAB',
        'This tab is private',
      );
    }
  });

  it('refuses an unknown tab and answers 404 for an unknown member', async () => {
    const member = await signUp(target);
    expectInvalid(
      await target.call('GET', `/api/users/${member.id}/posts?tab=drafts`, { token: member.token }),
      'tab',
      'Tab must be one of: posts, media, likes, rewhisps, bookmarks',
    );
    expectError(
      await target.call('GET', '/api/users/no-such-member/posts?tab=likes', {
        token: member.token,
      }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
  });
});
