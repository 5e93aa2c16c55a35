import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { StatementLog, startupSweepDone } from '../../statement-log.js';
import { asMember } from '../posts/client.js';

const isSignInCheck = (statement: string) => statement.includes('"sessions"');
/**
 * Safety (1.1): whether the member or whisp asked for is visible to the viewer (a block either
 * way, a suspension), a probe of indexes before the page, counted apart from the page's own
 * statements below. Which visibility filters the viewer's reads need comes with the sign-in.
 */
const isVisibilityProbe = (statement: string) =>
  statement.includes('as hides') || statement.includes('as suspended');

describe('database round trips per list page', () => {
  const log = new StatementLog();
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let me: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  const originalText = 'An original worth passing on #roundtrip';
  let original: { id: string };
  let topic: { id: string };
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
    friend = await registerMember(testApp.app);
    stranger = await registerMember(testApp.app);
    await api.follow(me, friend);
    original = await api.whisp(stranger, originalText);
    topic = await api.whisp(friend, 'A whisp with a reply #roundtrip');
    await api.post(`/api/posts/${topic.id}/reply`, me, { content: 'A reply' });
    await api.post(`/api/posts/${original.id}/rewhisp`, friend, { comment: null });
    await api.post(`/api/posts/${original.id}/like`, me);
    for (let index = 0; index < 4; index += 1) await api.whisp(friend, `Filler ${index}`);
  });
  afterAll(() => testApp.close());

  /**
   * The statements one request sent, besides the sign-in check (`sent` has every other one;
   * `statements` leaves the visibility probes out and `probes` has them).
   */
  async function statementsFor(url: string) {
    const before = log.statements.length;
    const response = await api.get(url, me);
    expect(response.statusCode, response.body).toBe(200);
    const all = log.statements.slice(before);
    const sent = all.filter((statement) => !isSignInCheck(statement));
    return {
      body: response.json(),
      all,
      sent,
      statements: sent.filter((statement) => !isVisibilityProbe(statement)),
      probes: sent.filter(isVisibilityProbe),
    };
  }

  it.each([
    ['the Following page', () => '/api/posts/following?limit=5'],
    ['the public feed', () => '/api/posts/public?limit=3'],
    ['For you', () => '/api/posts/timeline?limit=3'],
    ['a hashtag page', () => '/api/search/hashtag/roundtrip'],
    ['search', () => '/api/search?q=original'],
  ])(
    'reads %s without a visibility probe: the filters come with the sign-in',
    async (_name, url) => {
      const { probes } = await statementsFor(url());
      expect(probes).toEqual([]);
    },
  );

  it.each([
    ['a profile tab', () => `/api/users/${friend.id}/posts?tab=rewhisps`],
    ['replies', () => `/api/posts/${topic.id}/replies`],
  ])('asks whether the member or whisp of %s is visible in one probe', async (_name, url) => {
    const { probes } = await statementsFor(url());
    expect(probes).toHaveLength(1);
  });

  it.each([
    ['the Following page', '/api/posts/following?limit=5'],
    ['For you', '/api/posts/timeline?limit=3'],
  ])('sends one statement in all for %s once the sign-in is cached', async (_name, url) => {
    await statementsFor(url);
    const { all } = await statementsFor(url);
    expect(all).toHaveLength(1);
    expect(all[0]).not.toContain('"sessions"');
  });

  // A member who blocks nobody, is blocked by nobody, mutes nothing (and nobody is suspended)
  // reads the feeds by the statements they had before blocks existed.
  it.each([
    '/api/posts/following?limit=5',
    '/api/posts/public?limit=3',
    '/api/posts/timeline?limit=3',
    '/api/search/hashtag/roundtrip',
  ])('reads %s without visibility filters when there is nothing to hide', async (url) => {
    const { statements } = await statementsFor(url);
    for (const statement of statements) {
      // `shown`: the table read of the filtered walk (feeds.ts, newestFollowed).
      expect(statement).not.toMatch(/\bblocks\b|\bmutes\b|muted_words|\bshown\b/);
    }
  });

  it('answers a Following page, with rewhisped originals and the viewer’s flags, in one statement', async () => {
    const { body, sent } = await statementsFor('/api/posts/following?limit=5');

    expect(sent).toHaveLength(1);
    expect(body.posts).toHaveLength(5);
    expect(body.next_cursor).toEqual(expect.any(String));
    const rewhisp = body.posts.find(
      (post: { rewhisp_of: { id: string } | null }) => post.rewhisp_of?.id === original.id,
    );
    expect(rewhisp?.rewhisp_of).toMatchObject({ content: originalText, is_liked: true });
    expect(rewhisp?.author.id).toBe(friend.id);
  });

  it.each([
    ['the Following page after a cursor', '/api/posts/following?limit=2', true],
    ['the public feed', '/api/posts/public?limit=3', false],
    ['For you', '/api/posts/timeline?limit=3', false],
    ['a hashtag page with its count', '/api/search/hashtag/roundtrip', false],
  ])('answers %s in one statement', async (_name, url, followCursor) => {
    let target = url;
    if (followCursor) {
      const first = await statementsFor(url);
      target = `${url}&cursor=${encodeURIComponent(first.body.next_cursor)}`;
    }
    const { body, sent } = await statementsFor(target);

    expect(sent).toHaveLength(1);
    const posts = body.posts ?? body.data.posts;
    expect(posts.length).toBeGreaterThan(0);
  });

  it.each([
    // The member is looked up first: an unknown one is a 404, another's likes a 403.
    ['a profile tab', () => `/api/users/${friend.id}/posts?tab=rewhisps`],
    // The whisp is looked up first: replies to an unknown one are a 404.
    ['replies', () => `/api/posts/${topic.id}/replies`],
  ])('answers %s in two statements', async (_name, url) => {
    const { body, statements } = await statementsFor(url());

    expect(statements).toHaveLength(2);
    const posts = body.posts ?? body.data.posts;
    expect(posts.length).toBeGreaterThan(0);
  });

  // Members are searched beside the whisps; the whisps' ids are listed by a statement planned for
  // the words, then hydrated by the named statement every list of ids uses (search.ts).
  it('answers search in three statements, the hydration by the named statement for ids', async () => {
    const { body, statements } = await statementsFor('/api/search?q=original');

    expect(statements).toHaveLength(3);
    expect(statements.filter((statement) => statement.includes('with ordinality'))).toHaveLength(1);
    expect(body.data.posts.length).toBeGreaterThan(0);
  });

  it('pages a likes tab by offset, most recent like first, with has_more', async () => {
    const liked = [topic, ...(await Promise.all([1, 2].map(() => api.whisp(friend, 'Liked'))))];
    for (const post of liked) await api.post(`/api/posts/${post.id}/like`, me);
    const tab = async (offset: number) =>
      (await statementsFor(`/api/users/${me.id}/posts?tab=likes&limit=2&offset=${offset}`)).body;

    const first = await tab(0);
    const second = await tab(2);

    const ids = (page: { posts: { id: string }[] }) => page.posts.map((post) => post.id);
    expect(ids(first)).toEqual([liked[2]?.id, liked[1]?.id]);
    expect(first.has_more).toBe(true);
    expect(ids(second)).toEqual([liked[0]?.id, original.id]);
    expect(second.has_more).toBe(false);
  });
});
