import { BIO_MAX_LENGTH } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

describe('/api/users/me and the banner position', () => {
  let testApp: TestApp;
  let member: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app, { bio: 'Hello' });
    other = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: TestMember | undefined,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  it('gives the signed-in member their own CurrentUser, email included', async () => {
    const response = await inject('GET', '/api/users/me', member);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: expect.objectContaining({ id: member.id, email: member.email, bio: 'Hello' }),
    });
  });

  it.each([
    ['GET', '/api/users/me'],
    ['POST', '/api/users/me'],
    ['PUT', '/api/users/banner/position'],
  ] as const)('answers %s %s without a token with 401', async (method, url) => {
    const response = await inject(method, url, undefined, { bio: 'x' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
  });

  it('changes the bio and display name, and says so', async () => {
    const response = await inject('POST', '/api/users/me', member, {
      bio: '  Writes compilers  ',
      display_name: 'Grace H.',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated',
      user: {
        id: member.id,
        bio: 'Writes compilers',
        display_name: 'Grace H.',
        email: member.email,
      },
    });
  });

  it('accepts displayName too, and leaves out what is not sent', async () => {
    const response = await inject('POST', '/api/users/me', member, { displayName: 'Grace' });

    expect(response.json().user).toMatchObject({ display_name: 'Grace', bio: 'Writes compilers' });
  });

  it('clears the bio when it is emptied', async () => {
    const response = await inject('POST', '/api/users/me', member, { bio: '' });

    expect(response.json().user.bio).toBeNull();
  });

  it('refuses a bio over 160 characters with the spec message', async () => {
    const response = await inject('POST', '/api/users/me', member, {
      bio: 'x'.repeat(BIO_MAX_LENGTH + 1),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Bio must be 160 characters or less',
    });
  });

  it('refuses an empty display name', async () => {
    const response = await inject('POST', '/api/users/me', member, { display_name: ' ' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Display name is required');
  });

  it('changes only the member’s own profile, never another’s', async () => {
    await inject('POST', '/api/users/me', other, { bio: 'Mine, not theirs' });

    const mine = await inject('GET', '/api/users/me', member);
    const theirs = await inject('GET', `/api/users/${other.id}`, member);
    expect(mine.json().data.bio).not.toBe('Mine, not theirs');
    expect(theirs.json().data.bio).toBe('Mine, not theirs');
  });

  it('starts the banner at 50/50 and moves it', async () => {
    const before = await inject('GET', '/api/users/me', member);
    expect(before.json().data).toMatchObject({ banner_position_x: 50, banner_position_y: 50 });

    const response = await inject('PUT', '/api/users/banner/position', member, {
      position_x: 20,
      position_y: 72.5,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: expect.objectContaining({ banner_position_x: 20, banner_position_y: 72.5 }),
    });
  });

  it('clamps banner positions to 0–100', async () => {
    const response = await inject('PUT', '/api/users/banner/position', member, {
      position_x: -40,
      position_y: 250,
    });

    expect(response.json().user).toMatchObject({ banner_position_x: 0, banner_position_y: 100 });
  });

  it('keeps the other axis when only one is sent', async () => {
    const response = await inject('PUT', '/api/users/banner/position', member, { position_x: 33 });

    expect(response.json().user).toMatchObject({ banner_position_x: 33, banner_position_y: 100 });
  });

  it('refuses a position that is not a number', async () => {
    const response = await inject('PUT', '/api/users/banner/position', member, {
      position_x: 'left',
      position_y: 50,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'position_x' }],
    });
  });

  it('moves only the member’s own banner', async () => {
    await inject('PUT', '/api/users/banner/position', other, { position_x: 5, position_y: 5 });

    const mine = await inject('GET', '/api/users/me', member);
    expect(mine.json().data).toMatchObject({ banner_position_x: 33, banner_position_y: 100 });
  });
});
