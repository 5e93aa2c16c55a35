import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  follow,
  ids,
  type Member,
  notificationsOf,
  ok,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

// api.md, Safety (1.1): mute.

const mute = (target: Target, muter: Member, muted: Member, action = 'mute') =>
  target.call('POST', `/api/users/${muted.id}/${action}`, { token: muter.token });

const get = async (target: Target, member: Member, path: string) =>
  ok(await target.call('GET', path, { token: member.token }));

describe.each(TARGETS)('mutes (%s)', (name) => {
  const target = useTarget(name);

  it('mutes and unmutes idempotently, lists the muted, and refuses yourself and nobody', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await mute(target, me, them))).toEqual({
        success: true,
        data: { is_muting: true },
      });
    }
    expect(ids((await get(target, me, '/api/users/me/mutes')).data)).toEqual([them.id]);
    expect((await get(target, me, `/api/users/${them.id}`)).data.is_muting).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await mute(target, me, them, 'unmute'))).toEqual({
        success: true,
        data: { is_muting: false },
      });
    }
    expect((await get(target, me, '/api/users/me/mutes')).data).toEqual([]);
    expect((await get(target, me, `/api/users/${them.id}`)).data.is_muting).toBe(false);
    for (const action of ['mute', 'unmute']) {
      expectError(
        await mute(target, me, me, action),
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
  });

  it('takes the muted member out of the muter’s feeds, search, hashtag pages and notifications', async () => {
    const [me, them, friend] = [await signUp(target), await signUp(target), await signUp(target)];
    const tag = uniqueWord('t');
    await follow(target, me, them);
    await follow(target, me, friend);
    const theirs = await whisp(target, them, `${tag} by them #${tag}`);
    const friends = await whisp(target, friend, `${tag} by a friend #${tag}`);
    await act(target, friend, theirs.id, 'rewhisp');
    const mine = await whisp(target, me, 'mine');
    await act(target, them, mine.id, 'like');
    ok(await mute(target, me, them));

    const feed = async (path: string) => ids((await get(target, me, path)).posts);
    expect(await feed('/api/posts/following')).toEqual([mine.id, friends.id]);
    expect(await feed('/api/posts/timeline')).not.toContain(theirs.id);
    expect(await feed('/api/posts/public?limit=200')).not.toContain(theirs.id);
    expect(ids((await get(target, me, `/api/search?q=${tag}`)).data.posts)).toEqual([friends.id]);
    expect(ids((await get(target, me, `/api/search/hashtag/${tag}`)).data.posts)).toEqual([
      friends.id,
    ]);
    expect(await notificationsOf(target, me)).toEqual({ notifications: [], unread_count: 0 });

    // The profile, visited on purpose, still shows them and their whisps.
    expect((await get(target, me, `/api/users/${them.id}`)).data).toMatchObject({
      id: them.id,
      is_following: true,
      is_muting: true,
    });
    expect(ids((await get(target, me, `/api/users/${them.id}/posts`)).posts)).toEqual([theirs.id]);
    expect((await get(target, me, `/api/posts/${theirs.id}`)).data.id).toBe(theirs.id);

    ok(await mute(target, me, them, 'unmute'));
    expect(await feed('/api/posts/following')).toContain(theirs.id);
    expect((await notificationsOf(target, me)).notifications.length).toBe(1);
  });

  it('changes nothing for the muted member, who can still interact', async () => {
    const [me, them] = [await signUp(target), await signUp(target)];
    await follow(target, them, me);
    const mine = await whisp(target, me, 'still here');
    ok(await mute(target, me, them));
    expect((await get(target, them, `/api/users/${me.id}`)).data).toMatchObject({
      is_following: true,
      is_muting: false,
      is_blocking: false,
    });
    expect(ids((await get(target, them, '/api/posts/following')).posts)).toContain(mine.id);
    expect((await act(target, them, mine.id, 'like')).data.is_liked).toBe(true);
    expect((await get(target, them, '/api/users/me/mutes')).data).toEqual([]);
  });
});
