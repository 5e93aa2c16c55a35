import { LIST_LIMIT_MAX, SUGGESTED_USERS_DEFAULT } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

describe('profiles and suggestions', () => {
  let testApp: TestApp;
  let viewer: TestMember;
  let alice: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    viewer = await registerMember(testApp.app);
    alice = await registerMember(testApp.app, { username: 'Alice_W', bio: 'Curiouser' });
  });
  afterAll(() => testApp.close());

  const get = (url: string, who: TestMember | null = viewer) =>
    testApp.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });
  const follow = (who: TestMember, target: TestMember) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/follow`,
      headers: who.headers,
    });

  it('shows a profile by id with counts, flags and no email', async () => {
    await follow(alice, viewer);
    const response = await get(`/api/users/${alice.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: alice.id,
        username: 'Alice_W',
        acct: 'Alice_W',
        url: `${testApp.config.mail.publicUrl}/user/Alice_W`,
        display_name: expect.any(String),
        bio: 'Curiouser',
        profile_picture_url: null,
        profile_banner_url: null,
        banner_position_x: 50,
        banner_position_y: 50,
        followers_count: 0,
        following_count: 1,
        posts_count: 0,
        is_verified: false,
        is_private: false,
        is_following: false,
        is_followed_by: true,
        is_requested: false,
        is_blocking: false,
        is_muting: false,
        message_permission: 'allowed',
        created_at: expect.any(String),
      },
    });
    expect(response.body).not.toContain(alice.email);
  });

  it('counts the whisps a member wrote, not their rewhisps', async () => {
    const author = await registerMember(testApp.app);
    const write = (content: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: author.headers,
        payload: { content },
      });
    expect((await write('First whisp')).statusCode).toBe(201);
    expect((await write('Second whisp')).statusCode).toBe(201);
    const elsewhere = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: alice.headers,
        payload: { content: 'Hi' },
      })
    ).json().data.id;
    const rewhisp = await testApp.app.inject({
      method: 'POST',
      url: `/api/posts/${elsewhere}/rewhisp`,
      headers: author.headers,
    });
    expect(rewhisp.statusCode).toBe(200);

    const response = await get(`/api/users/${author.id}`);

    expect(response.json().data.posts_count).toBe(2);
  });

  it('shows a profile by username, whatever its case', async () => {
    const response = await get('/api/users/profile/alice_w');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(alice.id);
    expect(response.body).not.toContain('email');
  });

  it('shows is_following once the viewer follows', async () => {
    await follow(viewer, alice);
    const response = await get('/api/users/profile/Alice_W');

    expect(response.json().data).toMatchObject({
      is_following: true,
      is_followed_by: true,
      followers_count: 1,
    });
  });

  it.each([
    ['an unknown username', '/api/users/profile/nobody_here'],
    ['an unknown id', '/api/users/00000000-0000-4000-8000-000000000000'],
    ['an id that is not one', '/api/users/not-an-id'],
  ])('answers %s with 404 User not found', async (_, url) => {
    const response = await get(url);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
  });

  it.each([
    '/api/users/profile/Alice_W',
    '/api/users/00000000-0000-4000-8000-000000000000',
    '/api/users/suggested',
  ])('answers GET %s without a token with 401', async (url) => {
    const response = await get(url, null);

    expect(response.statusCode).toBe(401);
  });

  describe('suggested members', () => {
    let fresh: TestMember;
    let friend: TestMember;
    let popular: TestMember;
    let friendOfFriend: TestMember;
    beforeAll(async () => {
      // A member of their own, so earlier follows in this file do not blur the ranking.
      fresh = await registerMember(testApp.app);
      friend = await registerMember(testApp.app);
      popular = await registerMember(testApp.app);
      friendOfFriend = await registerMember(testApp.app);
      // popular has 3 followers; friendOfFriend only 1, but that one is someone fresh follows.
      for (let index = 0; index < 3; index += 1) {
        await follow(await registerMember(testApp.app), popular);
      }
      await follow(fresh, friend);
      await follow(friend, friendOfFriend);
    });

    it('never suggests yourself or people you follow, and ranks friends of friends, then the most followed', async () => {
      const response = await get('/api/users/suggested?limit=50', fresh);

      expect(response.statusCode).toBe(200);
      const ids: string[] = response.json().data.map((user: { id: string }) => user.id);
      expect(ids).not.toContain(fresh.id);
      expect(ids).not.toContain(friend.id);
      expect(ids.slice(0, 2)).toEqual([friendOfFriend.id, popular.id]);
      expect(response.json().data[1]).toEqual({
        id: popular.id,
        username: popular.username,
        acct: popular.username,
        url: `${testApp.config.mail.publicUrl}/user/${popular.username}`,
        display_name: expect.any(String),
        avatar: null,
        verified: false,
        bio: null,
        followers_count: 3,
        is_requested: false,
      });
    });

    it('returns 5 by default and respects limit', async () => {
      const byDefault = await get('/api/users/suggested', fresh);
      const two = await get('/api/users/suggested?limit=2', fresh);

      expect(byDefault.json().data).toHaveLength(SUGGESTED_USERS_DEFAULT);
      expect(two.json().data).toHaveLength(2);
    });

    it('clamps limits out of range and refuses ones that are not numbers', async () => {
      const huge = await get(`/api/users/suggested?limit=${LIST_LIMIT_MAX * 10}`, fresh);
      const negative = await get('/api/users/suggested?limit=-5', fresh);
      const words = await get('/api/users/suggested?limit=abc', fresh);

      expect(huge.statusCode).toBe(200);
      expect(negative.statusCode).toBe(200);
      expect(negative.json().data).toHaveLength(1);
      expect(words.statusCode).toBe(400);
      expect(words.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Limit must be a number',
      });
    });
  });
});
