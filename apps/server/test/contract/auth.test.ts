import { DEFAULT_PREFERENCES } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { expectError, ISO_TIME, ok, signUp, TARGETS, uniqueWord, useTarget } from './target.js';

const INVALID_SESSION = 'Your session has expired or is invalid. Please sign in again.';

describe.each(TARGETS)('accounts and sessions (%s)', (name) => {
  const target = useTarget(name);

  it('signs up with 201, a token and the CurrentUser, bio trimmed and displayName accepted', async () => {
    const username = uniqueWord('Ada');
    const answer = await target.call('POST', '/api/auth/register', {
      json: {
        email: ` ${username}@Example.com `,
        password: 'correct horse battery',
        username,
        displayName: '  Ada Lovelace ',
        bio: '  Counts things  ',
      },
    });
    const body = ok(answer, 201);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Account created');
    expect(typeof body.data.token).toBe('string');
    expect(body.data.token.length).toBeGreaterThan(0);
    expect(body.data.user).toEqual({
      id: expect.any(String),
      username,
      display_name: 'Ada Lovelace',
      email: `${username}@Example.com`,
      has_password: true,
      bio: 'Counts things',
      profile_picture_url: null,
      profile_banner_url: null,
      is_verified: false,
      banner_position_x: 50,
      banner_position_y: 50,
      created_at: expect.stringMatching(ISO_TIME),
      role: 'member',
      is_private: false,
      preferences: DEFAULT_PREFERENCES,
    });
  });

  it('refuses a sign-up with every problem listed, the first as the message', async () => {
    const answer = await target.call('POST', '/api/auth/register', {
      json: { email: 'not-an-email', password: 'short', username: 'bad name!', display_name: ' ' },
    });
    expectError(answer, 400, 'VALIDATION_ERROR', 'Please enter a valid email address', [
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 8 characters' },
      { field: 'display_name', message: 'Display name is required' },
      { field: 'username', message: 'Username can only contain letters, numbers, and underscores' },
    ]);
  });

  it('refuses a sign-up whose fields are not text', async () => {
    const answer = await target.call('POST', '/api/auth/register', {
      json: { email: 42, password: 'correct horse battery', username: 'x', display_name: 'X' },
    });
    expectError(answer, 400, 'VALIDATION_ERROR', 'Email must be text', [
      { field: 'email', message: 'Email must be text' },
    ]);
  });

  it('refuses a taken username or email in any case with 409', async () => {
    const taken = await signUp(target);
    const username = await target.call('POST', '/api/auth/register', {
      json: {
        email: `${uniqueWord()}@example.com`,
        password: 'correct horse battery',
        username: taken.username.toUpperCase(),
        display_name: 'Copy',
      },
    });
    expectError(username, 409, 'USERNAME_TAKEN', 'That username is already taken');
    const email = await target.call('POST', '/api/auth/register', {
      json: {
        email: taken.email.toUpperCase(),
        password: 'correct horse battery',
        username: uniqueWord(),
        display_name: 'Copy',
      },
    });
    expectError(email, 409, 'EMAIL_TAKEN', 'An account with that email already exists');
  });

  it('signs in by email in any case and spacing, and refuses a wrong password with 401', async () => {
    const member = await signUp(target);
    const body = ok(
      await target.call('POST', '/api/auth/login', {
        json: { email: `  ${member.email.toUpperCase()} `, password: member.password },
      }),
    );
    expect(body.message).toBe('Signed in');
    expect(body.data.user).toMatchObject({ id: member.id, email: member.email });
    const refused = await target.call('POST', '/api/auth/login', {
      json: { email: member.email, password: 'wrong password' },
    });
    expectError(refused, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    const nobody = await target.call('POST', '/api/auth/login', {
      json: { email: 'nobody@example.com', password: 'whatever it is' },
    });
    expectError(nobody, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
  });

  it('asks for both sign-in fields', async () => {
    const answer = await target.call('POST', '/api/auth/login', { json: { email: ' ' } });
    expectError(answer, 400, 'VALIDATION_ERROR', 'Email is required', [
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('reads the signed-in member with their email', async () => {
    const member = await signUp(target, { bio: 'Hello' });
    const body = ok(await target.call('GET', '/api/users/me', { token: member.token }));
    expect(body).toEqual({
      success: true,
      data: expect.objectContaining({
        id: member.id,
        username: member.username,
        email: member.email,
        bio: 'Hello',
      }),
    });
  });

  it('signs out: the token is dead afterwards, and a second own token named in the body too', async () => {
    const member = await signUp(target);
    const second = ok(
      await target.call('POST', '/api/auth/login', {
        json: { email: member.email, password: member.password },
      }),
    ).data.token as string;
    const body = ok(
      await target.call('POST', '/api/auth/logout', {
        token: member.token,
        json: { token: second },
      }),
    );
    expect(body).toEqual({ success: true, message: 'Signed out' });
    for (const token of [member.token, second]) {
      expectError(
        await target.call('GET', '/api/users/me', { token }),
        401,
        'INVALID_TOKEN',
        INVALID_SESSION,
      );
    }
  });

  it('answers 401 without a token, with an unknown one, and with a header that is not Bearer', async () => {
    expectError(
      await target.call('GET', '/api/users/me'),
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication required',
    );
    expectError(
      await target.call('GET', '/api/users/me', { token: 'not-a-session' }),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
    expectError(
      await target.call('GET', '/api/users/me', { headers: { authorization: 'Basic abc' } }),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
  });

  it('takes the scheme in any case', async () => {
    const member = await signUp(target);
    const answer = await target.call('GET', '/api/users/me', {
      headers: { authorization: `bearer ${member.token}` },
    });
    expect(ok(answer).data.id).toBe(member.id);
  });

  it.each([
    ['GET', '/api/users/suggested'],
    ['POST', '/api/users/me'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/posts/timeline'],
    ['POST', '/api/posts'],
    ['GET', '/api/bookmarks'],
    ['GET', '/api/search?q=a'],
    ['GET', '/api/trends'],
    ['GET', '/api/notifications'],
    ['PATCH', '/api/notifications/read-all'],
    ['GET', '/api/messages/conversations'],
    ['POST', '/api/messages'],
    ['GET', '/api/messages/unread-count'],
    ['POST', '/api/support'],
    ['GET', '/api/events'],
  ])('refuses %s %s without a token and with a bad one', async (method, path) => {
    expectError(
      await target.call(method, path),
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication required',
    );
    expectError(
      await target.call(method, path, { token: 'stale' }),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
  });

  it('refuses the live event stream with a bad token in the query', async () => {
    expectError(
      await target.call('GET', '/api/events?token=stale'),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
  });

  it('is healthy', async () => {
    const body = ok(await target.call('GET', '/health'));
    expect(body).toEqual({ success: true, status: 'ok', version: expect.any(String) });
  });
});
