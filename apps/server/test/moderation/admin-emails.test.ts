import { errorMessage } from '@whisp/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember } from '../members.js';

describe('WHISP_ADMIN_EMAILS', () => {
  it('reads comma-separated addresses in any case, with spaces and blank entries ignored', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ WHISP_ADMIN_EMAILS: '   ' }).adminEmails).toEqual([]);
    expect(
      loadConfig({ WHISP_ADMIN_EMAILS: ' Ada@Example.com, grace@example.com,,ADA@example.com, ' })
        .adminEmails,
    ).toEqual(['ada@example.com', 'grace@example.com']);
  });

  it('refuses an entry that is not an email address, naming it', () => {
    expect(() => loadConfig({ WHISP_ADMIN_EMAILS: 'ada@example.com,grace' })).toThrow(ConfigError);
    expect(() => loadConfig({ WHISP_ADMIN_EMAILS: 'ada@example.com;grace@example.com' })).toThrow(
      /WHISP_ADMIN_EMAILS=.*"ada@example\.com;grace@example\.com" is not an email address/,
    );
  });

  describe('on a server', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ config: { adminEmails: ['boss@example.com'] } });
    });
    afterAll(() => testApp.close());

    it('makes the member with that email an admin, from sign-up on, whatever case they typed', async () => {
      const boss = await registerMember(testApp.app, { email: 'Boss@Example.com' });
      const me = await testApp.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: boss.headers,
      });
      expect(me.json().data.role).toBe('admin');
      const member = await registerMember(testApp.app);
      const role = await testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.id}/role`,
        headers: boss.headers,
        payload: { role: 'moderator' },
      });
      expect(role.json()).toMatchObject({ data: { role: 'moderator' } });
    });

    it("keeps a configured admin's role out of other admins' hands", async () => {
      const boss = await testApp.database.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'Boss@Example.com')
        .executeTakeFirstOrThrow();
      const other = await registerMember(testApp.app);
      await testApp.app.repositories.moderation.setRole(other.id, 'admin');
      const demote = await testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${boss.id}/role`,
        headers: other.headers,
        payload: { role: 'member' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({
        code: 'ROLE_FROM_CONFIGURATION',
        message: errorMessage('roleFromConfiguration'),
      });
    });

    it('stores no role for it, so a restart without the address takes the role back', async () => {
      const row = await testApp.database.kysely
        .selectFrom('users')
        .select('role')
        .where('email', '=', 'Boss@Example.com')
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('member');
    });
  });
});
