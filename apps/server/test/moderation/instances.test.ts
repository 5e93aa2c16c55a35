import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { registerMember, type TestMember } from '../members.js';
import { openTwoInstances, readOnOtherInstance, type TwoInstances } from '../two-instances.js';

// Two instances on one database, as behind a load balancer (test/two-instances.ts).
describe('moderation across instances', () => {
  let instances: TwoInstances;
  let a: App;
  let b: App;
  beforeAll(async () => {
    instances = await openTwoInstances();
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  /** The status the other instance answers with, once it has heard of the change. */
  const statusOn = (app: App, member: TestMember, url: string, expected: number) =>
    readOnOtherInstance(
      () => get(app, member, url),
      (response) => response.statusCode === expected,
    );

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
