import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Reports, preferences, suggestions, trends and what apps fetch at start-up, through the
// Mastodon client API (1.2): each from Whisp's own data and rules, read back through Whisp's own
// API where it has one.

interface ModerationReport {
  reason: string;
  details: string | null;
  target_type: 'post' | 'user';
  post: { id: string } | null;
  user: { id: string };
  reporter: { id: string };
}

describe('Mastodon apps: reports, preferences and start-up lists', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let moderator: TestMember;
  let aliceToken: string;
  let aliceApp: mastodon.rest.Client;
  let bobWhispId: string;

  const whisp = async (member: TestMember, content: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: member.headers,
        payload: { content },
      })
    ).json().data.id as string;
  const follow = (who: TestMember, whom: TestMember) =>
    server.app.inject({
      method: 'POST',
      url: `/api/users/${whom.id}/follow`,
      headers: who.headers,
    });
  const openReports = async (): Promise<ModerationReport[]> =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/api/moderation/reports?status=open',
        headers: moderator.headers,
      })
    ).json().data;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    carol = await registerMember(server.app);
    moderator = await registerMember(server.app);
    await server.app.repositories.moderation.setRole(moderator.id, 'moderator');
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    // Alice follows Bob, who follows Carol: Carol is a friend of a friend to Alice.
    await follow(alice, bob);
    await follow(bob, carol);
    bobWhispId = await whisp(bob, 'Buy cheap #pills now #deals');
    await whisp(carol, 'More #deals here');
  });
  afterAll(() => server?.close());

  it('files reports in Whisp’s moderation queue: a status as a whisp report, else the member', async () => {
    const bobAccount = await aliceApp.v1.accounts.lookup({ acct: bob.username });
    const [status] = await aliceApp.v1.accounts.$select(bobAccount.id).statuses.list();
    const report = await aliceApp.v1.reports.create({
      accountId: bobAccount.id,
      statusIds: [status?.id ?? ''],
      comment: 'Selling pills',
      category: 'spam',
      forward: true,
    });
    expect(report).toMatchObject({
      category: 'spam',
      comment: 'Selling pills',
      actionTaken: false,
      forwarded: false,
      statusIds: [status?.id],
      targetAccount: { id: bobAccount.id, username: bob.username },
    });
    expect(report.id).toMatch(/^[1-9][0-9]{17}$/);
    expect(report.createdAt).toMatch(/Z$/);

    // megalodon, as most apps send it: no status, a category Whisp records as other.
    const megalodon = generator('mastodon', server.url, aliceToken);
    const legal = await megalodon.report(bobAccount.id, {
      comment: '',
      category: 'legal' as never,
    });
    expect(legal.data).toMatchObject({ category: 'other', status_ids: null });

    const reports = await openReports();
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({
      reason: 'spam',
      details: 'Selling pills',
      target_type: 'post',
      post: { id: bobWhispId },
      user: { id: bob.id },
      reporter: { id: alice.id },
    });
    expect(reports[1]).toMatchObject({ reason: 'other', details: null, target_type: 'user' });

    // Reporting the same again keeps one open report of each, as Whisp's own API does.
    const again = await aliceApp.v1.reports.create({ accountId: bobAccount.id });
    expect(again.id).toBe(legal.data.id);
    expect(await openReports()).toHaveLength(2);
  });

  it('refuses a report Whisp would refuse, and files nothing', async () => {
    const me = await aliceApp.v1.accounts.verifyCredentials();
    const carolAccount = await aliceApp.v1.accounts.lookup({ acct: carol.username });
    const bobStatus = (await aliceApp.v1.timelines.home.list())[0]?.id ?? '';
    const refusals: [Parameters<typeof aliceApp.v1.reports.create>[0], number, string][] = [
      [{ accountId: me.id }, 422, 'You cannot report yourself'],
      // A status of someone else than the account reported.
      [{ accountId: carolAccount.id, statusIds: [bobStatus] }, 404, 'Record not found.'],
      [{ accountId: '999999999999999999' }, 404, 'Record not found.'],
      [{ accountId: carolAccount.id, ruleIds: ['1'] }, 422, 'Whisp has no server rules'],
      [{ accountId: carolAccount.id, comment: 'x'.repeat(1001) }, 422, 'at most 1000'],
    ];
    for (const [params, statusCode, message] of refusals) {
      await expect(aliceApp.v1.reports.create(params)).rejects.toMatchObject({
        statusCode,
        message: expect.stringContaining(message),
      });
    }
    expect(await openReports()).toHaveLength(2);
  });

  it('reads preferences from Whisp’s settings', async () => {
    const megalodon = generator('mastodon', server.url, aliceToken);
    expect((await megalodon.getPreferences()).data).toEqual({
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
      'reading:autoplay:gifs': true,
    });
    await server.app.inject({
      method: 'PATCH',
      url: '/api/users/me/preferences',
      headers: alice.headers,
      payload: { data_saver: true, autoplay_media: false },
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: alice.headers,
      payload: { is_private: true },
    });
    expect(await aliceApp.v1.preferences.fetch()).toMatchObject({
      'posting:default:visibility': 'private',
      'reading:expand:media': 'hide_all',
      'reading:autoplay:gifs': false,
    });
  });

  it('suggests Whisp’s own who-to-follow and trends its hashtags', async () => {
    const suggested = await aliceApp.v2.suggestions.list();
    const carolSuggestion = suggested.find((entry) => entry.account.username === carol.username);
    expect(carolSuggestion).toMatchObject({ source: 'past_interactions' });
    expect(carolSuggestion?.sources).toEqual(['friends_of_friends']);
    // Bob, followed already, and Alice herself are never suggested.
    const usernames = suggested.map((entry) => entry.account.username);
    expect(usernames).not.toContain(bob.username);
    expect(usernames).not.toContain(alice.username);
    expect((await aliceApp.v1.suggestions.list()).map((account) => account.username)).toEqual(
      usernames,
    );
    // Whisp keeps no dismissals: the answer lets the app go on, and Carol stays suggested.
    const dismissed = await fetch(
      `${server.url}/api/v1/suggestions/${carolSuggestion?.account.id}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${aliceToken}` } },
    );
    expect(dismissed.status).toBe(200);
    expect((await aliceApp.v1.suggestions.list()).map((account) => account.username)).toEqual(
      usernames,
    );

    const tags = await aliceApp.v1.trends.tags.list();
    expect(tags.map((tag) => tag.name)).toEqual(['deals', 'pills']);
    expect(tags[0]?.url).toBe(`${server.url}/search?q=%23deals`);
    expect((await aliceApp.v1.trends.tags.list({ limit: 1 })).map((tag) => tag.name)).toEqual([
      'deals',
    ]);
  });

  it('answers every list an app fetches at start-up, empty where Whisp has none', async () => {
    const lists = await Promise.all([
      aliceApp.v1.lists.list(),
      aliceApp.v1.followedTags.list(),
      aliceApp.v1.featuredTags.list(),
      aliceApp.v1.endorsements.list(),
      aliceApp.v1.announcements.list(),
      aliceApp.v1.domainBlocks.list(),
      aliceApp.v1.trends.statuses.list(),
      aliceApp.v1.trends.links.list(),
      aliceApp.v1.instance.peers.list(),
      aliceApp.v1.instance.activity.list(),
    ]);
    expect(lists).toEqual(lists.map(() => []));
    const followedTags = await fetch(`${server.url}/api/v1/followed_tags`, {
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(followedTags.status).toBe(200);
    expect(followedTags.headers.get('link')).toBeNull();
    // The instance's rules need no sign-in, as the instance itself: apps show them at sign-up.
    const rules = await fetch(`${server.url}/api/v1/instance/rules`);
    expect(rules.status).toBe(200);
    expect(await rules.json()).toEqual([]);

    await expect(aliceApp.v1.lists.$select('1').fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(aliceApp.v1.domainBlocks.create({ domain: 'example.com' })).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('federation'),
    });
  });
});
