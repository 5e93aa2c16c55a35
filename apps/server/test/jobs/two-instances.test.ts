import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { POLL_ENDINGS_JOB } from '../../src/jobs/poll-endings.js';
import { SCHEDULED_PUBLISHING_JOB } from '../../src/jobs/scheduled-publishing.js';
import { registerMember, type TestMember } from '../members.js';
import { openTwoInstances, type TwoInstances } from '../two-instances.js';

// PostgreSQL pass only (vitest.config.ts): two instances whose transactions really run at once,
// on connections of their own, as behind a load balancer. The embedded database serves one
// statement at a time, so there it would prove nothing about claims.

const WHISPS = 12;
const POLLS = 4;

async function call(app: App, member: TestMember, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: member.headers, payload });
  if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.body}`);
  return response.json();
}

describe('two instances on one PostgreSQL', () => {
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await openTwoInstances();
    await Promise.all([instances.a.ready(), instances.b.ready()]);
  }, 60_000);

  afterAll(async () => {
    await instances?.close();
  });

  it('publish each scheduled whisp and announce each ended poll exactly once', async () => {
    const { a, b } = instances;
    const author = await registerMember(a);
    const voter = await registerMember(b);
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    for (let index = 0; index < WHISPS; index += 1) {
      await call(index % 2 ? a : b, author, '/api/posts', {
        content: `Scheduled ${index}`,
        scheduled_at: at,
      });
    }
    for (let index = 0; index < POLLS; index += 1) {
      const { data } = await call(a, author, '/api/posts', {
        content: `Poll ${index}`,
        poll: { options: ['Yes', 'No'], expires_in: 300, multiple: false },
      });
      await call(b, voter, `/api/polls/${data.poll.id}/votes`, { choices: [0] });
    }
    const db = a.database.kysely;
    await sql`update scheduled_posts set scheduled_at = now() - interval '1 minute'`.execute(db);
    await sql`update polls set expires_at = now() - interval '1 minute'`.execute(db);

    // Both at once, twice over: every pass races the other instance's for the same rows.
    for (let round = 0; round < 2; round += 1) {
      for (const app of [a, b]) {
        app.jobs.kick(SCHEDULED_PUBLISHING_JOB);
        app.jobs.kick(POLL_ENDINGS_JOB);
      }
    }
    await expect
      .poll(
        async () => {
          const [waiting, unannounced] = await Promise.all([
            db.selectFrom('scheduled_posts').select('id').execute(),
            db.selectFrom('polls').select('id').where('ended_notified_at', 'is', null).execute(),
          ]);
          return waiting.length + unannounced.length;
        },
        { timeout: 20_000 },
      )
      .toBe(0);

    const published = await db
      .selectFrom('posts')
      .select('content')
      .where('author_id', '=', author.id)
      .where('content', 'like', 'Scheduled %')
      .execute();
    expect(published.map((post) => post.content).sort()).toEqual(
      Array.from({ length: WHISPS }, (_, index) => `Scheduled ${index}`).sort(),
    );
    const notices = await db
      .selectFrom('notifications')
      .select(['recipient_id', 'post_id'])
      .where('type', '=', 'poll')
      .execute();
    // One to the author and one to the voter for each poll, and no more.
    expect(notices).toHaveLength(2 * POLLS);
    expect(new Set(notices.map((notice) => `${notice.recipient_id}/${notice.post_id}`)).size).toBe(
      2 * POLLS,
    );
  }, 90_000);
});
