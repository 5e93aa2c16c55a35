import { describe, expect, it } from 'vitest';
import { expectError, ok, signUp, TARGETS, useTarget } from './target.js';

describe.each(TARGETS)('reading requests (%s)', (name) => {
  const target = useTarget(name);

  it('refuses a body that is not JSON, and one that is not an object', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('POST', '/api/posts', {
        token: member.token,
        raw: '{"content": "unfinished',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'INVALID_JSON',
      'Request body is not valid JSON',
    );
    expectError(
      await target.call('POST', '/api/posts', { token: member.token, json: ['content'] }),
      400,
      'VALIDATION_ERROR',
      'Request body must be an object',
      [{ field: 'body', message: 'Request body must be an object' }],
    );
  });

  it('asks for a body where one is needed, and takes none for an action', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('POST', '/api/messages', { token: member.token }),
      400,
      'VALIDATION_ERROR',
      'Request body is required',
      [{ field: 'body', message: 'Request body is required' }],
    );
    const other = await signUp(target);
    const followed = await target.call('POST', `/api/users/${other.id}/follow`, {
      token: member.token,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(ok(followed).data.is_following).toBe(true);
  });

  it('refuses text holding the NUL character', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'a\u0000b' },
      }),
      400,
      'NUL_CHARACTER',
      'Text cannot contain the NUL character',
    );
    // In the address it is refused before anything else, sign-in included.
    expectError(
      await target.call('GET', '/api/users/profile/a%00b'),
      400,
      'NUL_CHARACTER',
      'Text cannot contain the NUL character',
    );
  });

  it('refuses a page size given twice', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('GET', '/api/posts/following?limit=1&limit=2', { token: member.token }),
      400,
      'VALIDATION_ERROR',
      'Limit must be a number',
      [{ field: 'limit', message: 'Limit must be a number' }],
    );
  });

  it('ignores unknown query parameters and fields', async () => {
    const member = await signUp(target);
    ok(await target.call('GET', '/api/posts/following?colour=blue', { token: member.token }));
    const posted = ok(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'Hi', hashtags: ['ignored'], author_id: 'someone-else' },
      }),
      201,
    );
    expect(posted.data).toMatchObject({ hashtags: [], author: { id: member.id } });
  });
});
