import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { registerMember, type TestMember } from '../../members.js';
import { openTwoInstances, readOnOtherInstance, type TwoInstances } from '../../two-instances.js';

// The visibility filters a member's reads need (blocks either way, mutes, muted words, anyone
// suspended) come with their cached sign-in, so a feed page is one statement. Every test reads
// first, which caches each reader's sign-in with the filters it had then (none), makes a change,
// and reads again at once: the cached filters must never let a hidden whisp through.
//
// Two instances on one database, as behind a load balancer (test/two-instances.ts); the change is
// made on `a`, and `b` is read once it has heard of it.
describe('feeds right after a block, mute, muted word or suspension', () => {
  let instances: TwoInstances;
  let a: App;
  let b: App;
  beforeAll(async () => {
    instances = await openTwoInstances();
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  const member = () => registerMember(a);
  async function send(
    app: App,
    method: 'GET' | 'POST' | 'DELETE',
    who: TestMember,
    url: string,
    payload?: object,
  ) {
    const response = await app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  }
  const act = (who: TestMember, url: string, payload?: object) =>
    send(a, 'POST', who, url, payload);
  const whisp = async (who: TestMember, content: string): Promise<string> =>
    (await act(who, '/api/posts', { content })).data.id;

  const FEEDS = ['/api/posts/following', '/api/posts/timeline', '/api/posts/public?limit=100'];
  /** The ids each feed shows the member on this instance. */
  async function feedIds(app: App, who: TestMember, feeds = FEEDS) {
    const pages = await Promise.all(feeds.map((url) => send(app, 'GET', who, url)));
    return pages.map((page) => page.posts.map((post: { id: string }) => post.id) as string[]);
  }
  /** Every feed on `a` at once, and on `b` within the moment its notification takes. */
  async function expectFeeds(who: TestMember, whispId: string, shown: boolean, feeds = FEEDS) {
    const holds = (lists: string[][]) => lists.every((ids) => ids.includes(whispId) === shown);
    const onA = await feedIds(a, who, feeds);
    expect(onA.map((ids) => ids.includes(whispId))).toEqual(feeds.map(() => shown));
    const onB = await readOnOtherInstance(() => feedIds(b, who, feeds), holds);
    expect(onB.map((ids) => ids.includes(whispId))).toEqual(feeds.map(() => shown));
  }

  it('hides a blocked member’s whisps from the blocker, and the blocker’s from them, at once', async () => {
    const [viewer, author] = [await member(), await member()];
    await act(viewer, `/api/users/${author.id}/follow`);
    const theirs = await whisp(author, 'A whisp before the block');
    const mine = await whisp(viewer, 'The viewer’s own whisp');
    await expectFeeds(viewer, theirs, true);
    await expectFeeds(author, mine, true, ['/api/posts/public?limit=100']);

    await act(viewer, `/api/users/${author.id}/block`);
    await expectFeeds(viewer, theirs, false);
    await expectFeeds(author, mine, false, ['/api/posts/public?limit=100']);

    await act(viewer, `/api/users/${author.id}/unblock`);
    // The follow the block ended stays ended: the public feed shows them again.
    await expectFeeds(viewer, theirs, true, ['/api/posts/public?limit=100']);
    await expectFeeds(author, mine, true, ['/api/posts/public?limit=100']);
    await act(viewer, `/api/users/${author.id}/follow`);
    await expectFeeds(viewer, theirs, true);
  });

  it('hides a muted member’s whisps at once, and shows them again when unmuted', async () => {
    const [viewer, author] = [await member(), await member()];
    await act(viewer, `/api/users/${author.id}/follow`);
    const theirs = await whisp(author, 'A whisp before the mute');
    await expectFeeds(viewer, theirs, true);

    await act(viewer, `/api/users/${author.id}/mute`);
    await expectFeeds(viewer, theirs, false);

    await act(viewer, `/api/users/${author.id}/unmute`);
    await expectFeeds(viewer, theirs, true);
  });

  it('hides whisps holding a muted word at once, and shows them again when it is removed', async () => {
    const [viewer, author] = [await member(), await member()];
    await act(viewer, `/api/users/${author.id}/follow`);
    const theirs = await whisp(author, 'Late trains again this morning');
    await expectFeeds(viewer, theirs, true);

    const muted = await act(viewer, '/api/users/me/muted-words', { word: 'trains' });
    await expectFeeds(viewer, theirs, false);

    await send(a, 'DELETE', viewer, `/api/users/me/muted-words/${muted.data.id}`);
    await expectFeeds(viewer, theirs, true);
  });

  it('hides a suspended member’s whisps from everyone at once, and shows them again when lifted', async () => {
    const [viewer, author, reporter, moderator] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await a.repositories.moderation.setRole(moderator.id, 'moderator');
    await act(viewer, `/api/users/${author.id}/follow`);
    const theirs = await whisp(author, 'A whisp before the suspension');
    await expectFeeds(viewer, theirs, true);

    await act(reporter, `/api/users/${author.id}/report`, { reason: 'spam' });
    const queue = (await send(a, 'GET', moderator, '/api/moderation/reports')).data;
    const report = queue.find((entry: { user: { id: string } }) => entry.user.id === author.id);
    await act(moderator, `/api/moderation/reports/${report.id}/resolve`, {
      action: 'suspend_user',
    });
    await expectFeeds(viewer, theirs, false);

    await act(moderator, `/api/moderation/users/${author.id}/unsuspend`);
    await expectFeeds(viewer, theirs, true);
  });
});
