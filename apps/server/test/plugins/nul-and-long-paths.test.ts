import { ERRORS } from '@whisp/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

// Both were 500 / Fastify-shaped answers found by test/security/hostile-input.test.ts.
describe('input the database or the router cannot take', () => {
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const auth = () => ({ authorization: `Bearer ${member.token}` });

  it('refuses a NUL character in a JSON body with a 400 and writes nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: auth(),
      payload: { content: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'NUL_CHARACTER',
      message: ERRORS.nulCharacter.message,
    });
    const feed = await testApp.app.inject({
      method: 'GET',
      url: '/api/posts/following',
      headers: auth(),
    });
    expect(feed.json().posts).toHaveLength(0);
  });

  it.each(['/api/search?q=%00', '/api/users/profile/a%00b', '/api/search/hashtag/%00'])(
    'refuses a NUL character in the address %s with a 400',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: auth() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'NUL_CHARACTER' });
    },
  );

  it('answers an over-long path parameter in the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${'x'.repeat(120)}`,
      headers: auth(),
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      success: false,
      code: 'URI_TOO_LONG',
      message: 'That address is too long',
    });
  });
});
