import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember } from '../members.js';

// Requests that arrive together: the database decides, and nothing is done twice.
describe('moderation under concurrent requests', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const reportsOf = (memberId: string) =>
    testApp.database.kysely
      .selectFrom('reports')
      .select(['id', 'status'])
      .where('target_user_id', '=', memberId)
      .execute();

  it('keeps one open report when the same member reports the same target five times at once', async () => {
    const [reporter, member] = [
      await registerMember(testApp.app),
      await registerMember(testApp.app),
    ];
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        testApp.app.inject({
          method: 'POST',
          url: `/api/users/${member.id}/report`,
          headers: reporter.headers,
          payload: { reason: 'spam' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await reportsOf(member.id)).toEqual([{ id: expect.any(String), status: 'open' }]);
  });

  it('resolves a report once when two moderators act on it at once, with one log entry and one notice', async () => {
    const [first, second] = [await registerMember(testApp.app), await registerMember(testApp.app)];
    for (const moderator of [first, second]) {
      await testApp.app.repositories.moderation.setRole(moderator.id, 'moderator');
    }
    const [reporter, author] = [
      await registerMember(testApp.app),
      await registerMember(testApp.app),
    ];
    const whisp = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.headers,
      payload: { content: 'Reported twice over' },
    });
    const postId = whisp.json().data.id;
    await testApp.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/report`,
      headers: reporter.headers,
      payload: { reason: 'spam' },
    });
    const [report] = await reportsOf(author.id);

    const answers = await Promise.all(
      [first, second].map((moderator) =>
        testApp.app.inject({
          method: 'POST',
          url: `/api/moderation/reports/${report?.id}/resolve`,
          headers: moderator.headers,
          payload: { action: 'remove_post' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const { kysely } = testApp.database;
    const log = await kysely
      .selectFrom('moderation_actions')
      .select('action')
      .where('target_user_id', '=', author.id)
      .execute();
    expect(log).toEqual([{ action: 'remove_post' }]);
    const notices = await kysely
      .selectFrom('notifications')
      .select('message')
      .where('recipient_id', '=', author.id)
      .where('type', '=', 'moderation')
      .execute();
    expect(notices).toHaveLength(1);
  });
});
