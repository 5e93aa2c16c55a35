import { describe, expect, it } from 'vitest';
import { localAddressOf } from './member-address.js';
import {
  act,
  expectError,
  follow,
  ids,
  type Member,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

// api.md, Safety (1.1): block.

const block = (target: Target, blocker: Member, blocked: Member, action = 'block') =>
  target.call('POST', `/api/users/${blocked.id}/${action}`, { token: blocker.token });

const get = async (target: Target, member: Member, path: string) =>
  ok(await target.call('GET', path, { token: member.token }));

const expectBlocked = (answer: Awaited<ReturnType<Target['call']>>) =>
  expectError(answer, 403, 'BLOCKED', 'You cannot interact with this member');

describe.each(TARGETS)('blocks (%s)', (name) => {
  const target = useTarget(name);

  it('blocks and unblocks idempotently, lists the blocked, and refuses yourself and nobody', async () => {
    const [me, them, other] = [await signUp(target), await signUp(target), await signUp(target)];
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await block(target, me, them))).toEqual({
        success: true,
        data: { is_blocking: true },
      });
    }
    ok(await block(target, me, other));
    expect((await get(target, me, '/api/users/me/blocks')).data).toEqual(
      [other, them].map((member) => ({
        id: member.id,
        username: member.username,
        ...localAddressOf(member),
        display_name: member.display_name,
        avatar: null,
        is_verified: false,
      })),
    );
    // The blocked member's own list is theirs: it does not show who blocked them.
    expect((await get(target, them, '/api/users/me/blocks')).data).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await block(target, me, them, 'unblock'))).toEqual({
        success: true,
        data: { is_blocking: false },
      });
    }
    expect(ids((await get(target, me, '/api/users/me/blocks')).data)).toEqual([other.id]);
    for (const action of ['block', 'unblock']) {
      expectError(
        await block(target, me, me, action),
        400,
        'CANNOT_BLOCK_YOURSELF',
        `You cannot ${action} yourself`,
      );
      expectError(
        await target.call('POST', `/api/users/nobody/${action}`, { token: me.token }),
        404,
        'USER_NOT_FOUND',
        'User not found',
      );
    }
    expect((await target.call('POST', `/api/users/${them.id}/block`)).status, 'signed out').toBe(
      401,
    );
  });

  it('ends the follows both ways (counts drop); unblocking restores visibility, not follows', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    await follow(target, me, them);
    await follow(target, them, me);
    ok(await block(target, me, them));
    expect((await get(target, me, `/api/users/${me.id}`)).data).toMatchObject({
      followers_count: 0,
      following_count: 0,
      is_blocking: false,
      is_muting: false,
    });
    ok(await block(target, me, them, 'unblock'));
    expect((await get(target, me, `/api/users/${them.id}`)).data).toMatchObject({
      followers_count: 0,
      following_count: 0,
      is_following: false,
      is_followed_by: false,
      is_blocking: false,
    });
  });

  it('hides profiles, whisps, replies and tabs both ways (404)', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    const mine = await whisp(target, me, 'mine');
    const theirs = await whisp(target, them, 'theirs');
    ok(await block(target, me, them));
    for (const [viewer, other, post] of [
      [me, them, theirs],
      [them, me, mine],
    ] as const) {
      for (const path of [`/api/users/${other.id}`, `/api/users/profile/${other.username}`]) {
        expectError(
          await target.call('GET', path, { token: viewer.token }),
          404,
          'USER_NOT_FOUND',
          'User not found',
        );
      }
      for (const path of [
        `/api/users/${other.id}/posts`,
        `/api/users/${other.id}/followers`,
        `/api/users/${other.id}/following`,
      ]) {
        expect((await target.call('GET', path, { token: viewer.token })).status, path).toBe(404);
      }
      for (const path of [`/api/posts/${post.id}`, `/api/posts/${post.id}/replies`]) {
        expectError(
          await target.call('GET', path, { token: viewer.token }),
          404,
          'POST_NOT_FOUND',
          'Post not found',
        );
      }
    }
    ok(await block(target, me, them, 'unblock'));
    expect((await get(target, me, `/api/posts/${theirs.id}`)).data.id).toBe(theirs.id);
    expect((await get(target, them, `/api/users/${me.id}`)).data.id).toBe(me.id);
  });

  it('refuses every interaction both ways with 403 BLOCKED', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    const mine = await whisp(target, me, 'mine');
    const theirs = await whisp(target, them, 'theirs');
    ok(await block(target, them, me));
    for (const [actor, other, post] of [
      [me, them, theirs],
      [them, me, mine],
    ] as const) {
      const token = actor.token;
      expectBlocked(await target.call('POST', `/api/users/${other.id}/follow`, { token }));
      for (const action of ['like', 'rewhisp', 'bookmark']) {
        expectBlocked(await target.call('POST', `/api/posts/${post.id}/${action}`, { token }));
      }
      expectBlocked(
        await target.call('POST', `/api/posts/${post.id}/reply`, {
          token,
          json: { content: 'hello' },
        }),
      );
      expectBlocked(await target.call('POST', `/api/messages/start/${other.id}`, { token }));
      expectBlocked(
        await target.call('POST', '/api/messages', {
          token,
          json: { recipient_id: other.id, content: 'hello' },
        }),
      );
    }
  });

  it('leaves the other out of feeds, search, hashtag pages, trends, suggestions and lists', async () => {
    const [me, them, friend] = [await signUp(target), await signUp(target), await signUp(target)];
    const tag = uniqueWord('t');
    await follow(target, me, them);
    await follow(target, me, friend);
    await follow(target, friend, them);
    await follow(target, them, friend);
    const theirs = await whisp(target, them, `${tag} from them #${tag}`);
    const friends = await whisp(target, friend, `${tag} from a friend #${tag}`);
    await act(target, friend, theirs.id, 'rewhisp');
    const theirReply = await reply(target, them, friends.id, `${tag} reply`);
    ok(await block(target, me, them));

    const shown = async (path: string) => ids((await get(target, me, path)).posts);
    expect(await shown('/api/posts/following')).not.toContain(theirs.id);
    // The friend's rewhisp of the blocked member's whisp goes too.
    const following = (await get(target, me, '/api/posts/following')).posts;
    expect(
      following.filter((post: { rewhisp_of: { id: string } | null }) => post.rewhisp_of),
    ).toEqual([]);
    expect(await shown('/api/posts/timeline')).toEqual([friends.id]);
    expect(await shown('/api/posts/public?limit=200')).not.toContain(theirs.id);
    expect(await shown(`/api/posts/${friends.id}/replies`)).not.toContain(theirReply.id);

    const search = (await get(target, me, `/api/search?q=${tag}`)).data;
    expect(ids(search.posts)).toEqual([friends.id]);
    const people = (await get(target, me, `/api/search?q=${them.username}`)).data;
    expect(people.users).toEqual([]);
    const hashtag = (await get(target, me, `/api/search/hashtag/${tag}`)).data;
    expect(ids(hashtag.posts)).toEqual([friends.id]);
    const trends = (await get(target, me, '/api/trends?limit=100')).data;
    expect(trends).toContainEqual({ hashtag: tag, post_count: 1 });
    const theirTrends = (await get(target, friend, '/api/trends?limit=100')).data;
    expect(theirTrends).toContainEqual({ hashtag: tag, post_count: 2 });

    const suggested = (await get(target, me, '/api/users/suggested?limit=100')).data;
    expect(ids(suggested)).not.toContain(them.id);
    for (const side of ['followers', 'following']) {
      const list = (await get(target, me, `/api/users/${friend.id}/${side}`)).data;
      expect(ids(list)).not.toContain(them.id);
    }
    // The blocked member sees nothing of the blocker either.
    const theirSearch = (await get(target, them, `/api/search?q=${me.username}`)).data;
    expect(theirSearch.users).toEqual([]);
    const friendFollowers = (await get(target, them, `/api/users/${friend.id}/followers`)).data;
    expect(ids(friendFollowers)).not.toContain(me.id);
  });

  it('drops notifications and conversations between them, and a mention notifies nobody', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    const mine = await whisp(target, me, 'hello');
    await act(target, them, mine.id, 'like');
    ok(
      await target.call('POST', '/api/messages', {
        token: them.token,
        json: { recipient_id: me.id, content: 'hi there' },
      }),
      201,
    );
    const conversation = (await get(target, me, '/api/messages/conversations')).data[0];
    expect((await notificationsOf(target, me)).notifications.length).toBe(2);
    ok(await block(target, me, them));

    expect(await notificationsOf(target, me)).toEqual({ notifications: [], unread_count: 0 });
    expect((await get(target, me, '/api/messages/conversations')).data).toEqual([]);
    expect((await get(target, me, '/api/messages/unread-count')).data.unread_count).toBe(0);
    expectError(
      await target.call('GET', `/api/messages/conversations/${conversation.id}/messages`, {
        token: me.token,
      }),
      404,
      'CONVERSATION_NOT_FOUND',
      'Conversation not found',
    );
    await whisp(target, them, `hey @${me.username}`);
    ok(await block(target, me, them, 'unblock'));
    // Unblocked: the old ones are back in sight, the mention made while blocked never was.
    const types = (await notificationsOf(target, me)).notifications.map(
      (notification: { notification_type: string }) => notification.notification_type,
    );
    expect(types.sort()).toEqual(['direct_message', 'like']);
  });
});
