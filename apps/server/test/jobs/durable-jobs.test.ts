import { POLL_ENDED_MESSAGES } from '@whisp/api-client/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { POLL_ENDINGS_JOB } from '../../src/jobs/poll-endings.js';
import { SCHEDULED_PUBLISHING_JOB } from '../../src/jobs/scheduled-publishing.js';
import { openMigratedTestDatabase, type TestDatabase } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

async function openDatabase() {
  const testDatabase = await openMigratedTestDatabase();
  cleanups.push(() => testDatabase.destroy());
  return testDatabase;
}

/** A server on the database; its polls are far apart, so only its start-up pass and kicks run. */
async function startServer(testDatabase: TestDatabase) {
  const app = await buildApp({
    config: { ...testDatabase.config, jobs: { pollIntervalMs: 60_000 } },
    database: testDatabase.database,
  });
  cleanups.push(() => app.close());
  await app.ready();
  return app;
}

async function call(
  app: App,
  member: TestMember,
  method: 'POST' | 'GET',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: member.headers, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
}

/** The rows the jobs leave behind, for the test to wait on and check. */
async function state(testDatabase: TestDatabase, authorId: string) {
  const db = testDatabase.database.kysely;
  const [posts, scheduled, notifications, polls] = await Promise.all([
    db.selectFrom('posts').selectAll().where('author_id', '=', authorId).execute(),
    db.selectFrom('scheduled_posts').select('id').execute(),
    db
      .selectFrom('notifications')
      .select(['recipient_id', 'actor_id', 'type', 'message', 'post_id'])
      .orderBy('created_at')
      .execute(),
    db.selectFrom('polls').selectAll().execute(),
  ]);
  return { posts, scheduled, notifications, polls };
}

describe('durable jobs', () => {
  it('publishes a scheduled whisp and announces an ended poll that fell due while no server ran, once, when one starts', async () => {
    const testDatabase = await openDatabase();
    const before = await startServer(testDatabase);
    const [author, voter, friend] = [
      await registerMember(before),
      await registerMember(before),
      await registerMember(before),
    ];
    const scheduled = await call(before, author, 'POST', '/api/posts', {
      content: `Later, @${friend.username}`,
      scheduled_at: inTenMinutes(),
      poll: { options: ['Yes', 'No'], expires_in: 300, multiple: false },
    });
    expect(scheduled.message).toBe('Whisp scheduled');
    const polled = await call(before, author, 'POST', '/api/posts', {
      content: 'Tea or coffee?',
      poll: { options: ['Tea', 'Coffee'], expires_in: 300, multiple: false },
    });
    await call(before, voter, 'POST', `/api/polls/${polled.data.poll.id}/votes`, { choices: [1] });
    await before.close();

    // While no server runs, the whisp's time and the poll's end pass.
    const db = testDatabase.database.kysely;
    await sql`update scheduled_posts set scheduled_at = now() - interval '1 hour'`.execute(db);
    await sql`update polls set expires_at = now() - interval '1 hour'`.execute(db);
    const serverStarted = new Date();

    const after = await startServer(testDatabase);
    await expect
      .poll(
        async () => {
          const now = await state(testDatabase, author.id);
          return (
            now.scheduled.length === 0 &&
            now.polls.some((poll) => poll.post_id === polled.data.id && poll.ended_notified_at)
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    // Asked again, on purpose: nothing more happens.
    after.jobs.kick(SCHEDULED_PUBLISHING_JOB);
    after.jobs.kick(POLL_ENDINGS_JOB);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { posts, notifications, polls } = await state(testDatabase, author.id);
    const published = posts.filter((post) => post.content.startsWith('Later'));
    expect(published).toHaveLength(1);
    const [whisp] = published;
    // Its time is the publishing time, and its poll runs from then.
    expect(whisp?.created_at.getTime()).toBeGreaterThanOrEqual(serverStarted.getTime() - 5_000);
    const newPoll = polls.find((poll) => poll.post_id === whisp?.id);
    expect(newPoll?.ended_notified_at).toBeNull();
    expect((newPoll?.expires_at.getTime() ?? 0) - (whisp?.created_at.getTime() ?? 0)).toBe(300_000);
    expect(notifications).toHaveLength(3);
    expect(notifications).toEqual(
      expect.arrayContaining([
        {
          recipient_id: author.id,
          actor_id: author.id,
          type: 'poll',
          message: POLL_ENDED_MESSAGES.author,
          post_id: polled.data.id,
        },
        {
          recipient_id: voter.id,
          actor_id: author.id,
          type: 'poll',
          message: POLL_ENDED_MESSAGES.voter,
          post_id: polled.data.id,
        },
        // The mention notified only once the whisp was published.
        {
          recipient_id: friend.id,
          actor_id: author.id,
          type: 'mention',
          message: null,
          post_id: whisp?.id,
        },
      ]),
    );
    // The voter reads it as every notification: the author as its actor, the whisp as its post.
    const listed = await call(after, voter, 'GET', '/api/notifications');
    expect(listed.data.notifications).toMatchObject([
      {
        notification_type: 'poll',
        message: POLL_ENDED_MESSAGES.voter,
        actor: { id: author.id },
        post: { id: polled.data.id },
      },
    ]);
    // Two servers started one after the other, on a machine that may be busy.
  }, 90_000);

  it('rolls back a publication that fails mid-way, publishes the others, and retries it later', async () => {
    const testDatabase = await openDatabase();
    const app = await startServer(testDatabase);
    const author = await registerMember(app);
    for (const content of ['First', 'Broken', 'Third']) {
      await call(app, author, 'POST', '/api/posts', { content, scheduled_at: inTenMinutes() });
    }
    const db = testDatabase.database.kysely;
    // A poll the polls table refuses (5 options): the whisp is inserted, then its poll fails.
    await sql`update scheduled_posts set poll = ${JSON.stringify({
      options: ['a', 'b', 'c', 'd', 'e'],
      expires_in: 300,
      multiple: false,
    })}::jsonb where content = 'Broken'`.execute(db);
    await sql`update scheduled_posts set scheduled_at = now() - interval '1 minute'`.execute(db);
    app.jobs.kick(SCHEDULED_PUBLISHING_JOB);

    // The others go out whatever order the three equal times are taken in; the broken one waits.
    const failedOnce = async () => {
      const rows = await db.selectFrom('scheduled_posts').select('failed_attempts').execute();
      return rows.length === 1 && rows[0]?.failed_attempts === 1;
    };
    await expect
      .poll(
        async () =>
          (await state(testDatabase, author.id)).posts.length === 2 && (await failedOnce()),
        { timeout: 10_000 },
      )
      .toBe(true);
    const waiting = await db.selectFrom('scheduled_posts').selectAll().execute();
    expect(waiting).toMatchObject([{ content: 'Broken', failed_attempts: 1 }]);
    expect(waiting[0]?.retry_at).toBeInstanceOf(Date);
    // Nothing of it was kept: no whisp "Broken" without its poll.
    const contents = (await state(testDatabase, author.id)).posts.map((post) => post.content);
    expect(contents.sort()).toEqual(['First', 'Third']);

    // Mended (as a fixed release would), it goes out at its next try, once.
    await sql`update scheduled_posts set poll = null, retry_at = now() - interval '1 second'`.execute(
      db,
    );
    app.jobs.kick(SCHEDULED_PUBLISHING_JOB);
    await expect
      .poll(async () => (await state(testDatabase, author.id)).posts.length, { timeout: 10_000 })
      .toBe(3);
    expect(await db.selectFrom('scheduled_posts').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('drops the scheduled whisps of a suspended member instead of publishing them', async () => {
    const testDatabase = await openDatabase();
    const app = await startServer(testDatabase);
    const author = await registerMember(app);
    await call(app, author, 'POST', '/api/posts', {
      content: 'Never',
      scheduled_at: inTenMinutes(),
    });
    const db = testDatabase.database.kysely;
    await sql`update users set suspended_at = now() where id = ${author.id}`.execute(db);
    await sql`update scheduled_posts set scheduled_at = now() - interval '1 minute'`.execute(db);
    app.jobs.kick(SCHEDULED_PUBLISHING_JOB);
    await expect.poll(async () => (await state(testDatabase, author.id)).scheduled.length).toBe(0);
    expect((await state(testDatabase, author.id)).posts).toEqual([]);
  }, 60_000);
});
