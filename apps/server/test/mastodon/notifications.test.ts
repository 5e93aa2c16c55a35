import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Notifications and markers through the Mastodon client API (1.2): Whisp's own notifications,
// told in Mastodon's types, read by masto.js and megalodon; dismissing and markers reach Whisp's
// own app too.

describe('Mastodon apps: notifications and markers', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceToken: string;
  let aliceApp: mastodon.rest.Client;
  let bobApp: mastodon.rest.Client;

  const whispNotifications = async () =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: alice.headers,
      })
    ).json().data;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    bobApp = createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, bob)).accessToken,
    });
    // Bob follows Alice, likes and reblogs her whisp, replies to it and mentions her.
    const aliceAccount = await bobApp.v1.accounts.lookup({ acct: alice.username });
    await bobApp.v1.accounts.$select(aliceAccount.id).follow();
    const whisp = await aliceApp.v1.statuses.create({ status: 'Notice me' });
    await bobApp.v1.statuses.$select(whisp.id).favourite();
    await bobApp.v1.statuses.$select(whisp.id).reblog();
    await bobApp.v1.statuses.create({ status: 'A reply', inReplyToId: whisp.id });
    await bobApp.v1.statuses.create({ status: `Hello @${alice.username}` });
  });
  afterAll(() => server?.close());

  it('tells every kind in Mastodon’s types, newest first, with who and what', async () => {
    const listed = await aliceApp.v1.notifications.list();
    expect(listed.map((notification) => notification.type)).toEqual([
      'mention',
      'mention',
      'reblog',
      'favourite',
      'follow',
    ]);
    for (const notification of listed) {
      expect(notification.id).toMatch(/^[1-9][0-9]{17}$/);
      expect(notification.account.username).toBe(bob.username);
      expect(notification.groupKey).toBe(`ungrouped-${notification.id}`);
    }
    expect(listed[0]?.status?.content).toBe(
      `<p>Hello <span class="h-card"><a href="${server.url}/user/${alice.username}" class="u-url mention">@<span>${alice.username}</span></a></span></p>`,
    );
    expect(listed[1]?.status?.content).toBe('<p>A reply</p>');
    expect(listed[2]?.status?.content).toBe('<p>Notice me</p>');
    expect(listed[4]?.status).toBeUndefined();
  });

  it('keeps only the types asked for, or all but the excluded, and pages to the end', async () => {
    const favourites = await aliceApp.v1.notifications.list({ types: ['favourite'] });
    expect(favourites.map((notification) => notification.type)).toEqual(['favourite']);
    const megalodon = generator('mastodon', server.url, aliceToken);
    const withoutMentions = await megalodon.getNotifications({
      exclude_types: ['mention' as never],
    });
    expect(withoutMentions.data.map((notification) => notification.type)).toEqual([
      'reblog',
      'favourite',
      'follow',
    ]);
    const seen: string[] = [];
    for await (const page of aliceApp.v1.notifications.list({ limit: 2 })) {
      seen.push(...page.map((notification) => notification.id));
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('saves markers, and the notifications marker reads Whisp’s notifications up to it', async () => {
    const [, second] = await aliceApp.v1.notifications.list({ limit: 2 });
    expect((await whispNotifications()).unread_count).toBe(5);
    const saved = await aliceApp.v1.markers.create({
      notifications: { lastReadId: second?.id ?? '' },
      home: { lastReadId: '123' },
    });
    expect(saved.notifications).toMatchObject({ lastReadId: second?.id, version: 1 });
    expect((await whispNotifications()).unread_count).toBe(1);
    const again = await aliceApp.v1.markers.create({ home: { lastReadId: '456' } });
    expect(again.home).toMatchObject({ lastReadId: '456', version: 2 });
    const fetched = await aliceApp.v1.markers.fetch({ timeline: ['home', 'notifications'] });
    expect(fetched.home?.lastReadId).toBe('456');
    expect(fetched.notifications?.lastReadId).toBe(second?.id);
    expect(fetched.notifications?.updatedAt).toMatch(/Z$/);
  });

  it('dismisses one, then clears the rest, for Whisp’s app too', async () => {
    const [newest] = await aliceApp.v1.notifications.list({ limit: 1 });
    await aliceApp.v1.notifications.$select(newest?.id ?? '').dismiss();
    await expect(aliceApp.v1.notifications.$select(newest?.id ?? '').fetch()).rejects.toMatchObject(
      { statusCode: 404 },
    );
    expect((await whispNotifications()).notifications).toHaveLength(4);
    await aliceApp.v1.notifications.clear();
    expect(await aliceApp.v1.notifications.list()).toEqual([]);
    expect((await whispNotifications()).notifications).toHaveLength(0);
  });
});
