import { DEFAULT_PREFERENCES } from '@whisp/api-client/contract';
import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';

const valid = {
  email: 'ada@example.com',
  password: 'analytical engine',
  username: 'ada_lovelace',
  display_name: 'Ada Lovelace',
};

describe('POST /api/auth/register', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const register = (payload: unknown) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

  it('creates the account with 201, a token and the CurrentUser', async () => {
    const response = await register({ ...valid, bio: '  First programmer  ' });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Account created' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toEqual({
      id: expect.any(String),
      username: 'ada_lovelace',
      display_name: 'Ada Lovelace',
      email: 'ada@example.com',
      has_password: true,
      bio: 'First programmer',
      profile_picture_url: null,
      profile_banner_url: null,
      is_verified: false,
      banner_position_x: 50,
      banner_position_y: 50,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      role: 'member',
      is_private: false,
      preferences: DEFAULT_PREFERENCES,
    });

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(me.json().data.username).toBe('ada_lovelace');
  });

  it('accepts displayName in place of display_name, and no bio', async () => {
    const { display_name: _, ...rest } = valid;
    const response = await register({
      ...rest,
      email: 'grace@example.com',
      username: 'grace',
      displayName: 'Grace Hopper',
      bio: null,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({ display_name: 'Grace Hopper', bio: null });
  });

  it('never stores the password as given', async () => {
    const row = await testApp.database.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'ada_lovelace')
      .executeTakeFirstOrThrow();

    expect(row.password_hash).not.toContain(valid.password);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
  });

  it.each([
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['email', { email: 'two words@example.com' }, 'Please enter a valid email address'],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: 'seven77' }, 'Password must be at least 8 characters'],
    ['username', { username: '' }, 'Username is required'],
    [
      'username',
      { username: 'ada lovelace' },
      'Username can only contain letters, numbers, and underscores',
    ],
    [
      'username',
      { username: 'ada-l' },
      'Username can only contain letters, numbers, and underscores',
    ],
    [
      'username',
      { username: 'ädä' },
      'Username can only contain letters, numbers, and underscores',
    ],
    [
      'username',
      { username: 'a'.repeat(USERNAME_MAX_LENGTH + 1) },
      `Username must be ${USERNAME_MAX_LENGTH} characters or less`,
    ],
    ['display_name', { display_name: '   ' }, 'Display name is required'],
    [
      'display_name',
      { display_name: 'x'.repeat(51) },
      'Display name must be 50 characters or less',
    ],
    ['bio', { bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, 'Bio must be 160 characters or less'],
  ])('refuses a bad %s with 400 and the spec message: %j', async (field, change, message) => {
    const response = await register({
      ...valid,
      email: 'new@example.com',
      username: 'newbie',
      ...change,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      details: [{ field, message }],
    });
  });

  it('names every missing field at once when the body is empty', async () => {
    const response = await register({});

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
      { field: 'display_name', message: 'Display name is required' },
      { field: 'username', message: 'Username is required' },
    ]);
  });

  it('refuses a field of the wrong type in words, not zod text', async () => {
    const response = await register({ ...valid, email: 42 });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Email must be text',
      details: [{ field: 'email', message: 'Email must be text' }],
    });
  });

  it('counts a bio as a person does: 160 emoji fit, 161 do not', async () => {
    const family = '👨‍👩‍👧';
    const fits = await register({
      ...valid,
      email: 'emoji@example.com',
      username: 'emoji',
      bio: family.repeat(BIO_MAX_LENGTH),
    });
    const tooLong = await register({
      ...valid,
      email: 'emoji2@example.com',
      username: 'emoji2',
      bio: family.repeat(BIO_MAX_LENGTH + 1),
    });

    expect(fits.statusCode).toBe(201);
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a taken username whatever its case with 409', async () => {
    const response = await register({
      ...valid,
      email: 'other@example.com',
      username: 'ADA_Lovelace',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'USERNAME_TAKEN',
      message: 'That username is already taken',
    });
  });

  it('refuses a taken email whatever its case with 409', async () => {
    const response = await register({
      ...valid,
      email: ' ADA@Example.com ',
      username: 'someone_else',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: 'An account with that email already exists',
    });
  });

  it('lets only one of two simultaneous sign-ups with one username through', async () => {
    const [first, second] = await Promise.all([
      register({ ...valid, email: 'race1@example.com', username: 'racer' }),
      register({ ...valid, email: 'race2@example.com', username: 'RACER' }),
    ]);

    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });
});
