import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { StatementLog, startupSweepDone } from '../../statement-log.js';
import { asMember } from '../posts/client.js';

// Privacy and preferences (1.2): with private members in the network, a feed still reads its page
// in one statement, the private members the viewer does not follow a set inside it, never a
// statement per whisp (visibility.ts, protectedMembers).

const isSignInCheck = (statement: string) => statement.includes('"sessions"');

describe('database round trips per page with private members', () => {
  const log = new StatementLog();
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let me: TestMember;
  let secret: { id: string };
  let shared: { id: string };
  beforeAll(async () => {
    testApp = await createTestApp({
      wrapDatabase: (database) => ({
        ...database,
        kysely: database.kysely.withPlugin(log),
        kyselyPlannedPerCall: database.kyselyPlannedPerCall.withPlugin(log),
      }),
    });
    await startupSweepDone(testApp.app, log);
    api = asMember(testApp.app);
    me = await registerMember(testApp.app);
    const friend = await registerMember(testApp.app);
    const locked = await registerMember(testApp.app);
    await api.post('/api/users/me', locked, { is_private: true });
    await api.post('/api/users/me', friend, { is_private: true });
    await api.follow(me, friend);
    await api.post(`/api/users/me/follow-requests/${me.id}/accept`, friend);
    secret = await api.whisp(locked, 'Only for my followers #privateround');
    shared = await api.whisp(friend, 'My followers read this #privateround');
    for (let index = 0; index < 3; index += 1) await api.whisp(friend, `Filler ${index}`);
  });
  afterAll(() => testApp.close());

  async function statementsFor(url: string) {
    const before = log.statements.length;
    const response = await api.get(url, me);
    expect(response.statusCode, response.body).toBe(200);
    const sent = log.statements.slice(before).filter((statement) => !isSignInCheck(statement));
    const body = response.json();
    const posts: { id: string }[] = body.posts ?? body.data.posts;
    return { sent, ids: posts.map((post) => post.id) };
  }

  it.each([
    ['the Following page', '/api/posts/following?limit=5'],
    ['the public feed', '/api/posts/public?limit=10'],
    ['For you', '/api/posts/timeline?limit=10'],
    ['a hashtag page with its count', '/api/search/hashtag/privateround'],
  ])(
    'answers %s in one statement, leaving out whisps protected from the viewer',
    async (_n, url) => {
      const { sent, ids } = await statementsFor(url);
      expect(sent).toHaveLength(1);
      expect(ids).toContain(shared.id);
      expect(ids).not.toContain(secret.id);
    },
  );
});
