import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

// Reserved usernames are refused at registration only: a member who held one before the list
// existed (here, one written straight into the database) keeps it and their account works.
// Both targets' refusals: test/contract/reserved-usernames.test.ts.

describe('a member who already holds a reserved username', () => {
  let testApp: TestApp;
  let holder: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    holder = await registerMember(testApp.app);
    await testApp.database.kysely
      .updateTable('users')
      .set({ username: 'support' })
      .where('id', '=', holder.id)
      .execute();
  });
  afterAll(() => testApp.close());

  it('keeps it through a profile update, and signs in with it', async () => {
    const updated = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: holder.headers,
      payload: { display_name: 'Support desk', bio: 'Ask me anything' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().user).toMatchObject({
      username: 'support',
      display_name: 'Support desk',
      bio: 'Ask me anything',
    });

    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: holder.email, password: holder.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.username).toBe('support');
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/profile/support',
      headers: holder.headers,
    });
    expect(profile.json().data).toMatchObject({ id: holder.id, username: 'support' });
  });

  it('tells someone else the name is reserved, not taken', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'second-support@example.com',
        password: 'correct horse battery',
        username: ' SUPPORT\u00a0',
        display_name: 'Impostor',
      },
    });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({
      status: 400,
      body: { success: false, code: 'USERNAME_RESERVED', message: 'This username is reserved' },
    });
  });

  it('is documented: registration’s 400 in /api/openapi.json names USERNAME_RESERVED', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const refusal = document.paths['/api/auth/register'].post.responses['400'];
    expect(refusal.description).toContain('USERNAME_RESERVED "This username is reserved"');
    expect(refusal.description).toContain('VALIDATION_ERROR');
    expect(refusal.content['application/json'].schema.properties.code).toEqual({ type: 'string' });
  });
});
