import { describe, expect, it } from 'vitest';
import {
  buildCurrentUser,
  buildProfile,
  buildSuggestedUser,
  buildUser,
} from '../src/mocks/index.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();
const relative = { profile_picture_url: '/media/a.webp', profile_banner_url: '/media/b.webp' };
const prefixed = {
  profile_picture_url: `${API}/media/a.webp`,
  profile_banner_url: `${API}/media/b.webp`,
};

describe('auth calls', () => {
  it('register sends the fields without a token, stores the new token, prefixes media', async () => {
    const user = buildCurrentUser(relative);
    const seen = answer(
      { success: true, message: 'Account created', data: { token: 't-1', user } },
      201,
    );
    const client = clientWith('old-token');
    const session = await client.auth.register({
      email: 'a@b.co',
      password: 'long password',
      username: 'ann',
      display_name: 'Ann',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/register',
      authorization: null,
      json: {
        email: 'a@b.co',
        password: 'long password',
        username: 'ann',
        display_name: 'Ann',
        bio: null,
      },
    });
    expect(session).toEqual({
      token: 't-1',
      message: 'Account created',
      user: { ...user, ...prefixed },
    });
    expect(client.tokenStore.get()).toBe('t-1');
  });

  it('login sends email and password and keeps the token', async () => {
    const seen = answer({
      success: true,
      message: 'Signed in',
      data: { token: 't-2', user: buildCurrentUser() },
    });
    const client = clientWith(null);
    await client.auth.login({ email: 'a@b.co', password: 'pw' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      authorization: null,
      json: { email: 'a@b.co', password: 'pw' },
    });
    expect(client.tokenStore.get()).toBe('t-2');
  });

  it('a failed login keeps whatever token was there', async () => {
    answer(
      { success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
      401,
    );
    const client = clientWith('kept');
    await expect(client.auth.login({ email: 'a@b.co', password: 'no' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(client.tokenStore.get()).toBe('kept');
  });

  it('logout sends the token in the body and the header, then forgets it', async () => {
    const seen = answer({ success: true, message: 'Signed out' });
    const client = clientWith('t-3');
    await expect(client.auth.logout()).resolves.toEqual({ message: 'Signed out' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout',
      authorization: 'Bearer t-3',
      json: { token: 't-3' },
    });
    expect(client.tokenStore.get()).toBeNull();
  });

  it('logout forgets the token even when the server cannot be reached', async () => {
    answer({ success: false, message: 'Down' }, 503);
    const client = clientWith('t-4');
    await expect(client.auth.logout()).rejects.toThrow('Down');
    expect(client.tokenStore.get()).toBeNull();
  });
});

describe('users calls', () => {
  it('me reads data and prefixes the pictures', async () => {
    const user = buildCurrentUser(relative);
    const seen = answer({ success: true, data: user });
    await expect(clientWith().users.me()).resolves.toEqual({ ...user, ...prefixed });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/users/me',
      authorization: 'Bearer secret-token',
    });
  });

  it('updateMe posts bio and display name and returns the user', async () => {
    const user = buildCurrentUser({ bio: 'New bio' });
    const seen = answer({ success: true, user, message: 'Profile updated' });
    await expect(clientWith().users.updateMe({ bio: 'New bio' })).resolves.toEqual(user);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/me',
      json: { bio: 'New bio' },
    });
  });

  it('uploadAvatar and uploadBanner send multipart files under their field names', async () => {
    const user = buildCurrentUser(relative);
    const seen = answer({ success: true, user, message: 'Updated' });
    const client = clientWith();
    const avatar = await client.users.uploadAvatar(
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    await client.users.uploadBanner(new Blob(['y'], { type: 'image/jpeg' }), 'banner.jpg');
    expect(avatar.profile_picture_url).toBe(`${API}/media/a.webp`);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/avatar',
      form: { avatar: [{ name: 'me.png', type: 'image/png' }] },
    });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1]).toMatchObject({
      path: '/api/users/banner',
      form: { banner: [{ name: 'banner.jpg', type: 'image/jpeg' }] },
    });
  });

  it('setBannerPosition puts both percentages', async () => {
    const seen = answer({
      success: true,
      user: buildCurrentUser({ banner_position_x: 10, banner_position_y: 90 }),
    });
    const user = await clientWith().users.setBannerPosition({ position_x: 10, position_y: 90 });
    expect(user.banner_position_y).toBe(90);
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/api/users/banner/position',
      json: { position_x: 10, position_y: 90 },
    });
  });

  it('suggested passes the limit and prefixes avatars', async () => {
    const seen = answer({ success: true, data: [buildSuggestedUser({ avatar: '/media/s.webp' })] });
    const [user] = await clientWith().users.suggested({ limit: 3 });
    expect(user?.avatar).toBe(`${API}/media/s.webp`);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/users/suggested',
      query: { limit: '3' },
    });
  });

  it('profile fetches by username (escaped) and byId by id', async () => {
    const profile = buildProfile(relative);
    const seen = answer({ success: true, data: profile });
    const client = clientWith();
    await expect(client.users.profile('ann smith')).resolves.toEqual({ ...profile, ...prefixed });
    await client.users.byId('user-7');
    expect(seen.map((r) => r.path)).toEqual([
      '/api/users/profile/ann%20smith',
      '/api/users/user-7',
    ]);
  });

  it('posts asks for a tab with limit and offset and returns posts with has_more', async () => {
    const seen = answer({ success: true, posts: [], has_more: true });
    const page = await clientWith().users.posts('user-1', { tab: 'media', limit: 20, offset: 40 });
    expect(page).toEqual({ posts: [], has_more: true });
    expect(seen[0]).toMatchObject({
      path: '/api/users/user-1/posts',
      query: { tab: 'media', limit: '20', offset: '40' },
    });
  });

  it('follow and unfollow post to their paths and return the new state', async () => {
    const seen = answer({
      success: true,
      message: 'ok',
      data: { is_following: true, followers_count: 8 },
    });
    const client = clientWith();
    await expect(client.users.follow('user-2')).resolves.toEqual({
      is_following: true,
      followers_count: 8,
    });
    await client.users.unfollow('user-2');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/users/user-2/follow',
      'POST /api/users/user-2/unfollow',
    ]);
  });

  it('followers and following page with limit and offset and prefix avatars', async () => {
    const seen = answer({
      success: true,
      data: [buildUser({ avatar: '/media/f.webp' })],
      has_more: false,
    });
    const client = clientWith();
    const followers = await client.users.followers('user-3', { limit: 5, offset: 10 });
    await client.users.following('user-3');
    expect(followers.users[0]?.avatar).toBe(`${API}/media/f.webp`);
    expect(followers.has_more).toBe(false);
    expect(seen[0]).toMatchObject({
      path: '/api/users/user-3/followers',
      query: { limit: '5', offset: '10' },
    });
    expect(seen[1]).toMatchObject({ path: '/api/users/user-3/following', query: {} });
  });
});
