import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { createInProcessBus } from '../../src/events/bus.js';
import { openMigratedTestDatabase, postgresUrl, type TestDatabase } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

// Two instances on one database, as behind a load balancer. On PostgreSQL each listens on its own
// connection (LISTEN/NOTIFY, as in production); on the embedded database they share one bus.
describe('moderation across instances', () => {
  let testDatabase: TestDatabase;
  let a: App;
  let b: App;
  beforeAll(async () => {
    testDatabase = await openMigratedTestDatabase();
    const bus = createInProcessBus();
    const build = () =>
      buildApp({
        config: testDatabase.config,
        database: testDatabase.database,
        ...(postgresUrl ? {} : { liveEvents: { bus } }),
      });
    a = await build();
    b = await build();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await testDatabase?.destroy();
  });

  /**
   * The status the other instance answers with. On one bus it hears of the change before the
   * change is answered; through PostgreSQL the notification is queued for it by then but arrives
   * on its listening connection a moment later, so the test allows that moment (two seconds).
   */
  async function statusOn(app: App, member: TestMember, url: string, expected: number) {
    const deadline = Date.now() + (postgresUrl ? 2_000 : 0);
    for (;;) {
      const response = await get(app, member, url);
      if (response.statusCode === expected || Date.now() >= deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const get = (app: App, member: TestMember, url: string) =>
    app.inject({ method: 'GET', url, headers: member.headers });
  const post = (app: App, member: TestMember, url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: member.headers, payload: payload as object });

  it('ends every session of a suspended member at once on the other instance, which had it cached', async () => {
    const moderator = await registerMember(a);
    await a.repositories.moderation.setRole(moderator.id, 'moderator');
    const [reporter, member] = [await registerMember(a), await registerMember(a)];
    // The member is signed in on both: each instance now holds the session in its cache.
    expect((await get(a, member, '/api/users/me')).statusCode).toBe(200);
    expect((await get(b, member, '/api/users/me')).statusCode).toBe(200);

    expect(
      (await post(b, reporter, `/api/users/${member.id}/report`, { reason: 'spam' })).statusCode,
    ).toBe(201);
    const queue = (await get(a, moderator, '/api/moderation/reports')).json().data;
    const report = queue.find((entry: { user: { id: string } }) => entry.user.id === member.id);
    const resolved = await post(a, moderator, `/api/moderation/reports/${report.id}/resolve`, {
      action: 'suspend_user',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    for (const app of [b, a]) {
      const after = await statusOn(app, member, '/api/users/me', 401);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });

  it('gives a new moderator the queue at once on the other instance, and takes it back', async () => {
    const admin = await registerMember(a);
    await a.repositories.moderation.setRole(admin.id, 'admin');
    const member = await registerMember(a);
    expect((await get(b, member, '/api/moderation/log')).statusCode).toBe(403);

    const promote = (role: string) =>
      a.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.id}/role`,
        headers: admin.headers,
        payload: { role },
      });
    expect((await promote('moderator')).statusCode).toBe(200);
    expect((await statusOn(b, member, '/api/moderation/log', 200)).statusCode).toBe(200);
    expect((await get(b, member, '/api/users/me')).json().data.role).toBe('moderator');

    expect((await promote('member')).statusCode).toBe(200);
    expect((await statusOn(b, member, '/api/moderation/log', 403)).statusCode).toBe(403);
  });
});
