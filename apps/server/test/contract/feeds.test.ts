import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  follow,
  ids,
  type Member,
  ok,
  reply,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

const feed = async (target: Target, member: Member, path: string) =>
  ok(await target.call('GET', path, { token: member.token }));

describe.each(TARGETS)('feeds (%s)', (name) => {
  const target = useTarget(name);

  it('Following: own and followed whisps and rewhisps, newest first, never replies', async () => {
    const [viewer, friend, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    await follow(target, viewer, friend);
    const strangers = await whisp(target, stranger, 'Not followed');
    const friends = await whisp(target, friend, 'Followed');
    await reply(target, friend, strangers.id, 'A reply stays out');
    await act(target, friend, strangers.id, 'rewhisp');
    const own = await whisp(target, viewer, 'Mine');
    const body = await feed(target, viewer, '/api/posts/following');
    expect(body.success).toBe(true);
    expect(body.next_cursor).toBeNull();
    expect(
      body.posts.map((p: { author: { id: string }; rewhisp_of: { id: string } | null }) => [
        p.author.id,
        p.rewhisp_of?.id ?? null,
      ]),
    ).toEqual([
      [viewer.id, null],
      [friend.id, strangers.id],
      [friend.id, null],
    ]);
    expect(body.posts[0]).toEqual(own);
    expect(body.posts[2]).toEqual(friends);
  });

  it('For you: own, followed and well-liked whisps of others, ranked by recency, follows and engagement', async () => {
    const [viewer, friend, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const likers = [await signUp(target), await signUp(target), await signUp(target)];
    await follow(target, viewer, friend);
    const wellLiked = await whisp(target, stranger, 'Liked by three');
    for (const liker of likers) await act(target, liker, wellLiked.id, 'like');
    const twoLikes = await whisp(target, stranger, 'Liked by two');
    for (const liker of likers.slice(0, 2)) await act(target, liker, twoLikes.id, 'like');
    const friends = await whisp(target, friend, 'A friend, liked once');
    await act(target, likers[0] as Member, friends.id, 'like');
    const own = await whisp(target, viewer, 'Mine, newest');
    await reply(target, viewer, friends.id, 'Replies stay out');

    const body = await feed(target, viewer, '/api/posts/timeline?limit=100');
    const mine = [wellLiked.id, twoLikes.id, friends.id, own.id];
    // A followed whisp is lifted 6 hours, engagement 4 hours per e-fold: the liked friend's whisp
    // beats the newer own one, which beats the stranger's with three likes.
    expect(ids(body.posts).filter((id: string) => mine.includes(id))).toEqual([
      friends.id,
      own.id,
      wellLiked.id,
    ]);
    expect(body.next_cursor).toBeNull();
  });

  it('Public: everyone’s whisps, newest first, no rewhisps and no replies', async () => {
    const [viewer, author] = [await signUp(target), await signUp(target)];
    const first = await whisp(target, author, 'First');
    await act(target, viewer, first.id, 'rewhisp');
    await reply(target, viewer, first.id, 'Reply');
    const second = await whisp(target, author, 'Second');
    const body = await feed(target, viewer, '/api/posts/public?limit=200');
    const listed = ids(body.posts);
    expect(listed.slice(0, 2)).toEqual([second.id, first.id]);
    expect(
      body.posts.every(
        (p: { rewhisp_of: unknown; is_reply: boolean }) => p.rewhisp_of === null && !p.is_reply,
      ),
    ).toBe(true);
  });

  it('pages by page number and by cursor, each whisp once', async () => {
    const [viewer] = [await signUp(target)];
    const posts = [];
    for (const content of ['one', 'two', 'three', 'four', 'five']) {
      posts.push(await whisp(target, viewer, content));
    }
    const newest = ids(posts).reverse();
    for (const path of ['/api/posts/following', '/api/posts/timeline']) {
      const second = await feed(target, viewer, `${path}?page=2&limit=2`);
      expect(ids(second.posts)).toEqual(newest.slice(2, 4));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await feed(target, viewer, `${path}?limit=2${query}`);
        seen.push(...ids(page.posts));
        cursor = page.next_cursor;
        if (cursor !== null) expect(typeof cursor).toBe('string');
        pages += 1;
      } while (cursor && pages < 5);
      // For you may hold well-liked whisps of others too; each whisp shows once.
      const own = seen.filter((id) => newest.includes(id));
      expect({ own, once: new Set(seen).size === seen.length }).toEqual({
        own: newest,
        once: true,
      });
    }
    expectError(
      await target.call('GET', '/api/posts/following?cursor=garbage', { token: viewer.token }),
      400,
      'INVALID_CURSOR',
      'This page link has expired. Please reload the feed',
    );
  });

  it('clamps limit and page out of range and refuses ones that are not whole numbers', async () => {
    const viewer = await signUp(target);
    await whisp(target, viewer, 'a');
    await whisp(target, viewer, 'b');
    for (const query of ['limit=0', 'limit=-5', 'limit=1&page=0', 'limit=1&page=-2']) {
      const body = await feed(target, viewer, `/api/posts/following?${query}`);
      expect(body.posts, query).toHaveLength(1);
    }
    expectInvalid(
      await target.call('GET', '/api/posts/following?limit=abc', { token: viewer.token }),
      'limit',
      'Limit must be a number',
    );
    expectInvalid(
      await target.call('GET', '/api/posts/timeline?limit=2.5', { token: viewer.token }),
      'limit',
      'Limit must be a whole number',
    );
    expectInvalid(
      await target.call('GET', '/api/posts/public?page=first', { token: viewer.token }),
      'page',
      'Page must be a number',
    );
    expectInvalid(
      await target.call('GET', `/api/posts/public?cursor=${'c'.repeat(513)}`, {
        token: viewer.token,
      }),
      'cursor',
      'Cursor must be 512 characters or less',
    );
  });
});
