import { describe, expect, it } from 'vitest';
import { localAddressOf } from './member-address.js';
import { expectError, expectInvalid, follow, ok, signUp, TARGETS, useTarget } from './target.js';

describe.each(TARGETS)('follows (%s)', (name) => {
  const target = useTarget(name);

  it('follows once however often asked, and unfollows (also when not following)', async () => {
    const [fan, star] = [await signUp(target), await signUp(target)];
    const call = (action: string) =>
      target.call('POST', `/api/users/${star.id}/${action}`, { token: fan.token });
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await call('follow'))).toEqual({
        success: true,
        message: `You are now following @${star.username}`,
        data: { is_following: true, is_requested: false, followers_count: 1 },
      });
    }
    for (let i = 0; i < 2; i += 1) {
      expect(ok(await call('unfollow'))).toEqual({
        success: true,
        message: `You unfollowed @${star.username}`,
        data: { is_following: false, is_requested: false, followers_count: 0 },
      });
    }
  });

  it('asks to follow a member of another server: requested until their server accepts', async () => {
    const fan = await signUp(target);
    const username = `remote_${Date.now().toString(36)}`;
    await target.addRemoteMember(username, 'elsewhere.example');
    const profile = ok(
      await target.call('GET', `/api/users/profile/${username}@elsewhere.example`, {
        token: fan.token,
      }),
    );
    const followed = ok(
      await target.call('POST', `/api/users/${profile.data.id}/follow`, { token: fan.token }),
    );
    expect(followed.data).toEqual({ is_following: false, is_requested: true, followers_count: 0 });
  });

  it('refuses a message to a member of another server, saying why', async () => {
    const writer = await signUp(target);
    const username = `distant_${Date.now().toString(36)}`;
    await target.addRemoteMember(username, 'elsewhere.example');
    const profile = ok(
      await target.call('GET', `/api/users/profile/${username}@elsewhere.example`, {
        token: writer.token,
      }),
    );
    expectError(
      await target.call('POST', `/api/messages/start/${profile.data.id}`, { token: writer.token }),
      403,
      'MESSAGES_NOT_FEDERATED',
      'Messages to members of other servers aren’t available yet',
    );
  });

  it('refuses to follow or unfollow yourself, and unknown members', async () => {
    const member = await signUp(target);
    for (const action of ['follow', 'unfollow']) {
      expectError(
        await target.call('POST', `/api/users/${member.id}/${action}`, { token: member.token }),
        400,
        'CANNOT_FOLLOW_YOURSELF',
        `You cannot ${action} yourself`,
      );
      expectError(
        await target.call('POST', `/api/users/no-such-member/${action}`, { token: member.token }),
        404,
        'USER_NOT_FOUND',
        'User not found',
      );
    }
  });

  it('keeps both profiles’ counts equal to the follows', async () => {
    const [fan, star] = [await signUp(target), await signUp(target)];
    await follow(target, fan, star);
    const profile = async (member: typeof fan) =>
      ok(await target.call('GET', `/api/users/${member.id}`, { token: fan.token })).data;
    expect(await profile(star)).toMatchObject({ followers_count: 1, following_count: 0 });
    expect(await profile(fan)).toMatchObject({ followers_count: 0, following_count: 1 });
  });

  it('lists followers and following newest first as UserSummary, paged with has_more', async () => {
    const star = await signUp(target);
    const fans = [await signUp(target), await signUp(target), await signUp(target)];
    for (const fan of fans) await follow(target, fan, star);
    await follow(target, star, fans[0] as (typeof fans)[number]);

    const list = async (side: string, query = '') =>
      ok(await target.call('GET', `/api/users/${star.id}/${side}${query}`, { token: star.token }));
    const followers = await list('followers');
    expect(followers).toEqual({
      success: true,
      data: [...fans].reverse().map((fan) => ({
        id: fan.id,
        username: fan.username,
        ...localAddressOf(fan),
        display_name: fan.display_name,
        avatar: null,
        is_verified: false,
      })),
      has_more: false,
    });
    const firstPage = await list('followers', '?limit=2');
    expect(firstPage.data.map((user: { id: string }) => user.id)).toEqual([
      fans[2]?.id,
      fans[1]?.id,
    ]);
    expect(firstPage.has_more).toBe(true);
    const lastPage = await list('followers', '?limit=2&offset=2');
    expect(lastPage.data.map((user: { id: string }) => user.id)).toEqual([fans[0]?.id]);
    expect(lastPage.has_more).toBe(false);
    const negative = await list('followers', '?limit=-5&offset=-3');
    expect(negative.data.map((user: { id: string }) => user.id)).toEqual([fans[2]?.id]);
    const following = await list('following');
    expect(following.data.map((user: { id: string }) => user.id)).toEqual([fans[0]?.id]);
  });

  it('refuses a malformed page and an unknown member', async () => {
    const member = await signUp(target);
    expectInvalid(
      await target.call('GET', `/api/users/${member.id}/followers?offset=1.5`, {
        token: member.token,
      }),
      'offset',
      'Offset must be a whole number',
    );
    expectError(
      await target.call('GET', '/api/users/no-such-member/following', { token: member.token }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
  });
});
