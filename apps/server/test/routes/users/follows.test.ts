import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('following', () => {
  let testApp: TestApp;
  let ann: TestMember;
  let bob: TestMember;
  let cat: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
    cat = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const post = (url: string, who: TestMember | null) =>
    testApp.app.inject({ method: 'POST', url, ...(who ? { headers: who.headers } : {}) });
  const get = (url: string, who: TestMember | null) =>
    testApp.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });
  const profile = async (target: TestMember, viewer: TestMember) =>
    (await get(`/api/users/${target.id}`, viewer)).json().data;
  const followRows = async () =>
    (await testApp.database.kysely.selectFrom('follows').selectAll().execute()).length;

  it('follows a member and answers with the new state and exact count', async () => {
    const response = await post(`/api/users/${bob.id}/follow`, ann);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: `You are now following @${bob.username}`,
      data: { is_following: true, is_requested: false, followers_count: 1 },
    });
    expect(await profile(bob, ann)).toMatchObject({ followers_count: 1, is_following: true });
    expect(await profile(ann, bob)).toMatchObject({
      following_count: 1,
      is_followed_by: true,
      is_following: false,
    });
  });

  it('counts a second follow of the same member once', async () => {
    const again = await post(`/api/users/${bob.id}/follow`, ann);

    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({
      is_following: true,
      is_requested: false,
      followers_count: 1,
    });
    expect(await followRows()).toBe(1);
  });

  it('counts each follower exactly', async () => {
    const response = await post(`/api/users/${bob.id}/follow`, cat);

    expect(response.json().data.followers_count).toBe(2);
    expect(await profile(bob, cat)).toMatchObject({ followers_count: 2 });
  });

  it('unfollows, and unfollowing again is still a success', async () => {
    const first = await post(`/api/users/${bob.id}/unfollow`, cat);
    const second = await post(`/api/users/${bob.id}/unfollow`, cat);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: `You unfollowed @${bob.username}`,
      data: { is_following: false, is_requested: false, followers_count: 1 },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({
      is_following: false,
      is_requested: false,
      followers_count: 1,
    });
    expect(await profile(bob, cat)).toMatchObject({ followers_count: 1, is_following: false });
  });

  it.each(['follow', 'unfollow'])('refuses to %s yourself with 400', async (action) => {
    const response = await post(`/api/users/${ann.id}/${action}`, ann);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'CANNOT_FOLLOW_YOURSELF',
      message: `You cannot ${action} yourself`,
    });
  });

  it.each(['follow', 'unfollow'])('answers %s of an unknown member with 404', async (action) => {
    for (const id of [UNKNOWN_ID, 'nobody']) {
      const response = await post(`/api/users/${id}/${action}`, ann);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'User not found' });
    }
  });

  it.each(['follow', 'unfollow'])('refuses to %s without a token', async (action) => {
    const before = await followRows();
    const response = await post(`/api/users/${bob.id}/${action}`, null);

    expect(response.statusCode).toBe(401);
    expect(await followRows()).toBe(before);
  });

  it('only ever changes the follows of the member who asks', async () => {
    // Cat unfollowing Bob must not touch Ann's follow of Bob.
    await post(`/api/users/${bob.id}/unfollow`, cat);

    expect(await profile(bob, ann)).toMatchObject({ followers_count: 1, is_following: true });
  });

  it('keeps counts equal to rows through many follows at once', async () => {
    const target = await registerMember(testApp.app);
    const fans: TestMember[] = [];
    for (let index = 0; index < 6; index += 1) fans.push(await registerMember(testApp.app));

    await Promise.all(fans.map((fan) => post(`/api/users/${target.id}/follow`, fan)));
    await Promise.all(fans.slice(0, 2).map((fan) => post(`/api/users/${target.id}/unfollow`, fan)));

    const rows = await testApp.database.kysely
      .selectFrom('follows')
      .where('followed_id', '=', target.id)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(4);
    expect(await profile(target, ann)).toMatchObject({ followers_count: 4 });
  });

  describe('followers and following lists', () => {
    let star: TestMember;
    let fans: TestMember[];
    beforeAll(async () => {
      star = await registerMember(testApp.app);
      fans = [];
      for (let index = 0; index < 5; index += 1) {
        const fan = await registerMember(testApp.app);
        fans.push(fan);
        await post(`/api/users/${star.id}/follow`, fan);
      }
    });

    it('lists followers newest first as UserSummary, a page at a time', async () => {
      const first = await get(`/api/users/${star.id}/followers?limit=2`, ann);
      const last = await get(`/api/users/${star.id}/followers?limit=2&offset=4`, ann);

      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        data: [fans[4], fans[3]].map((fan) => ({
          id: fan?.id,
          username: fan?.username,
          acct: fan?.username,
          url: `${testApp.config.mail.publicUrl}/user/${fan?.username}`,
          display_name: expect.any(String),
          avatar: null,
          is_verified: false,
        })),
        has_more: true,
      });
      expect(last.json().data.map((user: { id: string }) => user.id)).toEqual([fans[0]?.id]);
      expect(last.json().has_more).toBe(false);
    });

    it('lists who a member follows', async () => {
      const response = await get(`/api/users/${fans[0]?.id}/following`, ann);

      expect(response.json()).toMatchObject({ data: [{ id: star.id }], has_more: false });
    });

    it('clamps a negative offset, and refuses a limit that is not a number', async () => {
      const negative = await get(`/api/users/${star.id}/followers?offset=-3&limit=100`, ann);
      const words = await get(`/api/users/${star.id}/followers?limit=lots`, ann);
      const fraction = await get(`/api/users/${star.id}/followers?offset=1.5`, ann);

      expect(negative.statusCode).toBe(200);
      expect(negative.json().data).toHaveLength(5);
      expect(words.statusCode).toBe(400);
      expect(fraction.statusCode).toBe(400);
      expect(fraction.json().message).toBe('Offset must be a whole number');
    });

    it.each(['followers', 'following'])(
      'answers %s of an unknown member with 404, and without a token with 401',
      async (side) => {
        expect((await get(`/api/users/${UNKNOWN_ID}/${side}`, ann)).statusCode).toBe(404);
        expect((await get(`/api/users/${star.id}/${side}`, null)).statusCode).toBe(401);
      },
    );
  });
});
