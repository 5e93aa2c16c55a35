import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_SIDE_MAX_FOLLOWS } from '../../../src/db/repositories/feeds.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

interface FeedBody {
  posts: { id: string }[];
  next_cursor: string | null;
}

// Following and For you read a member's feed from the followed authors' side up to
// AUTHOR_SIDE_MAX_FOLLOWS follows and by walking everyone's newest whisps past it: the same
// network must give the same feeds either way.
describe.each([
  ['a few members', 2],
  ['more members than the authors’ side reads', AUTHOR_SIDE_MAX_FOLLOWS + 1],
])('feeds of a member who follows %s', (_, follows) => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let viewer: TestMember;
  /** Own, followed and rewhisped-by-followed whisps, newest first: what Following must list. */
  const expected: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    viewer = await registerMember(testApp.app);
    const followed: TestMember[] = [];
    for (let index = 0; index < follows; index += 1) {
      const member = await registerMember(testApp.app);
      await api.follow(viewer, member);
      followed.push(member);
    }
    const stranger = await registerMember(testApp.app);
    // Two followed members write, the others stay quiet; a stranger writes most of all.
    const writers = [followed[0], followed[follows - 1]] as TestMember[];
    for (let round = 0; round < 6; round += 1) {
      const strangers = await api.whisp(stranger, `stranger ${round}`);
      await api.whisp(stranger, `stranger again ${round}`);
      for (const writer of writers) {
        const whisp = await api.whisp(writer, `writer ${round}`);
        expected.unshift(whisp.id);
        await api.post(`/api/posts/${whisp.id}/reply`, writer, { content: 'a reply, not listed' });
      }
      if (round % 2 === 0) {
        // The answer shows the original; the rewhisp is a whisp of its own in the feed.
        const rewhisper = writers[0] as TestMember;
        await api.post(`/api/posts/${strangers.id}/rewhisp`, rewhisper, { comment: null });
        const rewhisp = await testApp.database.kysely
          .selectFrom('posts')
          .select('id')
          .where('author_id', '=', rewhisper.id)
          .where('rewhisp_of_id', '=', strangers.id)
          .executeTakeFirstOrThrow();
        expected.unshift(rewhisp.id);
      }
      expected.unshift((await api.whisp(viewer, `own ${round}`)).id);
    }
  });
  afterAll(() => testApp.close());

  const get = async (url: string) => {
    const response = await api.get(url, viewer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FeedBody;
  };
  const ids = (body: FeedBody) => body.posts.map((post) => post.id);

  it('follows as many members as it says', async () => {
    const profile = await get(`/api/users/profile/${viewer.username}`);
    expect(profile).toMatchObject({ data: { following_count: follows } });
  });

  it('lists own and followed whisps and rewhisps, newest first, whole by cursor', async () => {
    const listed: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await get(`/api/posts/following?limit=5${query}`);
      listed.push(...ids(page));
      cursor = page.next_cursor;
    }

    expect(listed).toEqual(expected);
  });

  it('gives the same pages by page number', async () => {
    const listed: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 5); page += 1) {
      listed.push(...ids(await get(`/api/posts/following?limit=5&page=${page}`)));
    }

    expect(listed).toEqual(expected);
  });

  it('ranks every own and followed whisp in For you', async () => {
    const listed = ids(await get('/api/posts/timeline?limit=50'));

    expect([...listed].sort()).toEqual([...expected].sort());
  });
});
