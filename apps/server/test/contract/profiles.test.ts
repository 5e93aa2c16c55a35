import { describe, expect, it } from 'vitest';
import { localAddressOf } from './member-address.js';
import {
  expectError,
  expectInvalid,
  follow,
  ISO_TIME,
  ok,
  signUp,
  TARGETS,
  uniqueWord,
  useTarget,
} from './target.js';

describe.each(TARGETS)('profiles (%s)', (name) => {
  const target = useTarget(name);

  const editMe = (token: string, json: unknown) =>
    target.call('POST', '/api/users/me', { token, json });

  it('changes the bio and display name (displayName accepted), trimmed, an emptied bio is null', async () => {
    const member = await signUp(target, { bio: 'Old' });
    const body = ok(await editMe(member.token, { bio: '  New bio ', displayName: ' New Name ' }));
    expect(body.message).toBe('Profile updated');
    expect(body.user).toMatchObject({ id: member.id, bio: 'New bio', display_name: 'New Name' });
    const emptied = ok(await editMe(member.token, { bio: '   ' }));
    expect(emptied.user).toMatchObject({ bio: null, display_name: 'New Name' });
    const me = ok(await target.call('GET', '/api/users/me', { token: member.token }));
    expect(me.data).toMatchObject({ bio: null, display_name: 'New Name' });
  });

  it('counts the bio in characters as people see them: 160 emoji fit, 161 do not', async () => {
    const member = await signUp(target);
    ok(await editMe(member.token, { bio: '👩‍👩‍👧‍👦'.repeat(160) }));
    expectInvalid(
      await editMe(member.token, { bio: '🙂'.repeat(161) }),
      'bio',
      'Bio must be 160 characters or less',
    );
  });

  it('refuses an empty or too long display name and fields that are not text', async () => {
    const member = await signUp(target);
    expectInvalid(
      await editMe(member.token, { display_name: '  ' }),
      'display_name',
      'Display name is required',
    );
    expectInvalid(
      await editMe(member.token, { display_name: 'x'.repeat(51) }),
      'display_name',
      'Display name must be 50 characters or less',
    );
    expectInvalid(await editMe(member.token, { bio: 42 }), 'bio', 'Bio must be text');
  });

  it('clamps the banner position to 0–100, keeps fractions, and leaves out an absent one', async () => {
    const member = await signUp(target);
    const put = (json: unknown) =>
      target.call('PUT', '/api/users/banner/position', { token: member.token, json });
    const clamped = ok(await put({ position_x: 150, position_y: -20 }));
    expect(clamped).toEqual({
      success: true,
      user: expect.objectContaining({ banner_position_x: 100, banner_position_y: 0 }),
    });
    const partial = ok(await put({ position_y: 33.5 }));
    expect(partial.user).toMatchObject({ banner_position_x: 100, banner_position_y: 33.5 });
    const text = ok(await put({ position_x: '25' }));
    expect(text.user).toMatchObject({ banner_position_x: 25, banner_position_y: 33.5 });
    expectInvalid(await put({ position_x: 'left' }), 'position_x', 'Position x must be a number');
  });

  it('shows a profile by username in any case and by id, without the email', async () => {
    const viewer = await signUp(target);
    const member = await signUp(target, { bio: 'Hi there' });
    await follow(target, viewer, member);
    await follow(target, member, viewer);
    const expected = {
      id: member.id,
      username: member.username,
      ...localAddressOf(member),
      display_name: member.display_name,
      bio: 'Hi there',
      profile_picture_url: null,
      profile_banner_url: null,
      banner_position_x: 50,
      banner_position_y: 50,
      followers_count: 1,
      following_count: 1,
      posts_count: 0,
      is_verified: false,
      is_private: false,
      is_following: true,
      is_requested: false,
      is_followed_by: true,
      is_blocking: false,
      is_muting: false,
      message_permission: 'allowed',
      created_at: expect.stringMatching(ISO_TIME),
    };
    const byName = ok(
      await target.call('GET', `/api/users/profile/${member.username.toUpperCase()}`, {
        token: viewer.token,
      }),
    );
    expect(byName).toEqual({ success: true, data: expected });
    const byId = ok(await target.call('GET', `/api/users/${member.id}`, { token: viewer.token }));
    expect(byId).toEqual({ success: true, data: expected });
  });

  it('answers 404 for an unknown username or id', async () => {
    const viewer = await signUp(target);
    for (const path of [
      `/api/users/profile/${uniqueWord('nobody')}`,
      '/api/users/00000000-0000-4000-8000-000000000000',
      '/api/users/not-an-id',
    ]) {
      expectError(
        await target.call('GET', path, { token: viewer.token }),
        404,
        'USER_NOT_FOUND',
        'User not found',
      );
    }
  });

  it('suggests neither yourself nor people you follow: friends of friends first, then the most followed, then the newest', async () => {
    const viewer = await signUp(target);
    const friend = await signUp(target);
    const friendOfFriend = await signUp(target);
    const popular = await signUp(target);
    const fans = [await signUp(target), await signUp(target)];
    const newest = await signUp(target);
    await follow(target, viewer, friend);
    await follow(target, friend, friendOfFriend);
    for (const fan of fans) await follow(target, fan, popular);

    const all = ok(
      await target.call('GET', '/api/users/suggested?limit=100', { token: viewer.token }),
    ).data as { id: string }[];
    const listed = all.map((user) => user.id);
    expect(listed).not.toContain(viewer.id);
    expect(listed).not.toContain(friend.id);
    const order = [friendOfFriend.id, popular.id, newest.id];
    expect(listed.filter((id) => order.includes(id))).toEqual(order);
    expect(all.find((user) => user.id === popular.id)).toEqual({
      id: popular.id,
      username: popular.username,
      ...localAddressOf(popular),
      display_name: popular.display_name,
      avatar: null,
      verified: false,
      bio: null,
      followers_count: 2,
      is_requested: false,
    });

    const fivebyDefault = ok(
      await target.call('GET', '/api/users/suggested', { token: viewer.token }),
    );
    expect(fivebyDefault.data).toHaveLength(5);
    const clamped = ok(
      await target.call('GET', '/api/users/suggested?limit=0', { token: viewer.token }),
    );
    expect(clamped.data).toHaveLength(1);
    expectInvalid(
      await target.call('GET', '/api/users/suggested?limit=abc', { token: viewer.token }),
      'limit',
      'Limit must be a number',
    );
  });
});
