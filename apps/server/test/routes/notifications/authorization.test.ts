import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

/**
 * Every notification endpoint as its owner, as another member and without a token: the owner
 * sees and changes their own, another member never sees or changes them, nobody gets a 401.
 */
describe('who may use the notification endpoints', () => {
  let testApp: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let notificationId: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerMember(testApp.app);
    other = await registerMember(testApp.app);
    // `other` follows `owner`: one notification, owned by `owner`.
    await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${owner.id}/follow`,
      headers: other.headers,
    });
    notificationId = (await list(owner)).json().data.notifications[0].id;
  });
  afterAll(() => testApp.close());

  const list = (who: TestMember | null) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: who ? who.headers : {},
    });
  const patch = (url: string, who: TestMember | null) =>
    testApp.app.inject({ method: 'PATCH', url, headers: who ? who.headers : {} });
  const ownerUnread = async () => (await list(owner)).json().data.unread_count as number;

  it('GET /api/notifications: 401 without a token or with a dead one', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('GET /api/notifications: each member sees only their own', async () => {
    expect((await list(owner)).json().data.notifications.map((n: { id: string }) => n.id)).toEqual([
      notificationId,
    ]);
    expect((await list(other)).json().data).toEqual({ notifications: [], unread_count: 0 });
  });

  it('GET /api/notifications: the token is not taken from the query here', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/notifications?token=${owner.token}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('PATCH /api/notifications/{id}/read: 401 without a token, 404 for another member', async () => {
    expect((await patch(`/api/notifications/${notificationId}/read`, null)).statusCode).toBe(401);
    expect((await patch(`/api/notifications/${notificationId}/read`, other)).statusCode).toBe(404);
    expect(await ownerUnread()).toBe(1);
  });

  it('PATCH /api/notifications/read-all: 401 without a token, another member changes nothing of yours', async () => {
    expect((await patch('/api/notifications/read-all', null)).statusCode).toBe(401);
    const byOther = await patch('/api/notifications/read-all', other);
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json().data).toEqual({ updated: 0 });
    expect(await ownerUnread()).toBe(1);
  });

  it('lets the owner mark theirs read, one and all', async () => {
    expect((await patch(`/api/notifications/${notificationId}/read`, owner)).statusCode).toBe(200);
    expect(await ownerUnread()).toBe(0);
    expect((await patch('/api/notifications/read-all', owner)).statusCode).toBe(200);
  });
});
