import path from 'node:path';
import { ERRORS, NOTIFICATION_MESSAGES } from '@whisp/api-client/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDrifts, reconcile } from '../../src/db/reconcile.js';
import { DEMO_MUTED_WORD } from '../../src/demo/moderation.js';
import { DEMO_PRIVATE_PERSON } from '../../src/demo/privacy.js';
import {
  DEMO_MODERATOR_SIGN_IN,
  DEMO_PRIVATE_SIGN_IN,
  DEMO_SIGN_IN,
  type DemoSummary,
} from '../../src/demo/seed.js';
import {
  demoExplicitlyRequested,
  describeDemo,
  loadDemoOnFirstStart,
} from '../../src/demo/startup.js';
import { createLocalDiskStorage } from '../../src/media/storage.js';
import { createTestApp, type TestApp } from '../helpers.js';

const silentLog = { info() {} } as never;

describe('the demo network', () => {
  let testApp: TestApp;
  let summary: DemoSummary | undefined;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    const { config, database } = testApp;
    const storage = createLocalDiskStorage(path.join(config.dataDir, 'media'));
    const print = console.log;
    console.log = () => {};
    try {
      // On PostgreSQL the demo loads only when asked, as here.
      process.env.WHISP_DEMO = 'on';
      summary = await loadDemoOnFirstStart({
        config: { ...config, demo: true },
        database,
        storage,
        log: silentLog,
      });
    } finally {
      console.log = print;
      delete process.env.WHISP_DEMO;
    }
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO_SIGN_IN,
    });
    token = login.json().data?.token;
  });
  afterAll(() => testApp.close());

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('loads dozens of members and hundreds of whisps, replies, rewhisps and likes', () => {
    expect(summary).toBeDefined();
    expect(summary?.members).toBeGreaterThanOrEqual(30);
    expect(summary?.whisps).toBeGreaterThanOrEqual(200);
    expect(summary?.replies).toBeGreaterThanOrEqual(100);
    expect(summary?.rewhisps).toBeGreaterThanOrEqual(30);
    expect(summary?.likes).toBeGreaterThanOrEqual(500);
    expect(summary?.images).toBeGreaterThan(0);
  });

  it('lets a newcomer sign in with the printed account and see living feeds', async () => {
    expect(token).toEqual(expect.any(String));
    for (const url of ['/api/posts/timeline', '/api/posts/following', '/api/posts/public']) {
      const posts = (await get(url)).json().posts;
      expect(posts, url).toHaveLength(20);
    }
    const trends = (await get('/api/trends')).json().data;
    expect(trends).toHaveLength(5);
    expect((await get('/api/search?q=coffee')).json().data.posts.length).toBeGreaterThan(0);
    const me = (await get('/api/users/me')).json().data;
    expect(me.profile_picture_url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    const avatar = await testApp.app.inject({ method: 'GET', url: me.profile_picture_url });
    expect(avatar.statusCode).toBe(200);
  });

  it('greets the demo member with unread notifications of every kind', async () => {
    const { notifications, unread_count } = (await get('/api/notifications?limit=50')).json().data;
    const unreadTypes = new Set(
      notifications
        .filter((notification: { is_read: boolean }) => !notification.is_read)
        .map((notification: { notification_type: string }) => notification.notification_type),
    );
    expect([...unreadTypes].sort()).toEqual(
      ['direct_message', 'follow', 'like', 'mention', 'reply', 'rewhisp'].sort(),
    );
    expect(unread_count).toBe(summary?.unreadNotifications);
    // Spread over the last hours, newest first, rather than all written "now".
    const times = notifications.map((notification: { created_at: string }) =>
      Date.parse(notification.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0] - times.at(-1)).toBeGreaterThan(3_600_000);
  });

  it('gives the demo member two conversations, the newest one unread', async () => {
    const conversations = (await get('/api/messages/conversations')).json().data;
    expect(conversations).toHaveLength(2);
    const [newest, older] = conversations;
    expect(newest.unread_count).toBeGreaterThan(0);
    expect(older.unread_count).toBe(0);
    expect(newest.last_message).toEqual(expect.any(String));
    const unread = (await get('/api/messages/unread-count')).json().data.unread_count;
    expect(unread).toBe(newest.unread_count);
    const thread = (await get(`/api/messages/conversations/${older.id}/messages`)).json().data;
    expect(thread.at(-1).content).toBe(older.last_message);
  });

  it('gives the demo member a few bookmarks', async () => {
    const { bookmarks } = (await get('/api/bookmarks')).json().data;
    expect(bookmarks.length).toBeGreaterThanOrEqual(3);
    expect(bookmarks[0].post.content).toEqual(expect.any(String));
  });

  it('shows Composer (1.2): an open and an ended poll, a warned whisp, a deep thread, an edit, a scheduled whisp', async () => {
    expect(summary?.polls).toBe(2);
    type Shown = {
      id: string;
      author: { id: string };
      content_warning: string | null;
      edited_at: string | null;
      poll: {
        expired: boolean;
        voted: boolean;
        votes_count: number;
        options: { votes_count: number | null }[];
      } | null;
    };
    const posts = (await get('/api/posts/public?limit=50')).json().posts as Shown[];
    const open = posts.find((post) => post.poll && !post.poll.expired);
    // Others voted; the demo member has not, so the tally waits for their vote.
    expect(open?.poll?.votes_count).toBeGreaterThan(0);
    expect(open?.poll?.options.every((option) => option.votes_count === null)).toBe(true);
    // The ended poll, a day old, is on its author's profile with the open one.
    const theirs = (await get(`/api/users/${open?.author.id}/posts?limit=50`)).json()
      .posts as Shown[];
    const ended = theirs.find((post) => post.poll?.expired);
    expect(ended?.poll?.voted).toBe(true);
    expect(ended?.poll?.options.some((option) => (option.votes_count ?? 0) > 0)).toBe(true);
    expect(posts.some((post) => post.content_warning !== null)).toBe(true);
    const edited = posts.find((post) => post.edited_at !== null);
    expect((await get(`/api/posts/${edited?.id}/history`)).json().data).toHaveLength(3);
    const { rows } = await sql<{ id: string }>`
      select id from posts where cardinality(thread_path) = 3 limit 1
    `.execute(testApp.database.kysely);
    const context = (await get(`/api/posts/${rows[0]?.id}/context`)).json().data;
    expect(context.ancestors).toHaveLength(3);
    // The demo member's own scheduled whisp waits on /scheduled, days ahead.
    const scheduled = (await get('/api/scheduled-posts')).json().data as { scheduled_at: string }[];
    expect(scheduled).toHaveLength(1);
    expect(Date.parse(scheduled[0]?.scheduled_at ?? '')).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('leaves nothing for reconcile() to report', async () => {
    const drifts = await reconcile(testApp.database);
    expect(describeDrifts(drifts)).toBe('');
  });

  it('keeps every counter equal to the rows behind it', async () => {
    const { rows } = await sql<{ wrong: number }>`
      select count(*)::int as wrong from posts p
      where p.like_count <> (select count(*) from likes l where l.post_id = p.id)
         or p.reply_count <> (select count(*) from posts r where r.reply_to_id = p.id)
         or p.rewhisp_count <> (select count(*) from posts w where w.rewhisp_of_id = p.id)
    `.execute(testApp.database.kysely);
    expect(rows[0]?.wrong).toBe(0);
  });

  it('prints a moderator whose queue holds open reports of whisps and a profile', async () => {
    expect(describeDemo(summary as DemoSummary)).toContain(DEMO_MODERATOR_SIGN_IN.email);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO_MODERATOR_SIGN_IN,
    });
    expect(login.json().data.user.role).toBe('moderator');
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/moderation/reports',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    const reports = queue.json().data as {
      target_type: string;
      reason: string;
      details: string | null;
      post: unknown;
    }[];
    expect(reports).toHaveLength(summary?.openReports ?? -1);
    expect(reports.filter((report) => report.target_type === 'post').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(reports.every((report) => report.target_type === 'user' || report.post)).toBe(true);
    expect(reports.some((report) => report.target_type === 'user')).toBe(true);
    expect(reports.some((report) => report.details)).toBe(true);
    // The demo member is a member: the queue is not theirs.
    expect((await get('/api/moderation/reports')).statusCode).toBe(403);
  });

  it('shows the demo member a private member behind a lock, whose sign-in finds a follow request waiting', async () => {
    const { username } = DEMO_PRIVATE_PERSON;
    const profile = (await get(`/api/users/profile/${username}`)).json().data;
    expect(profile).toMatchObject({ is_private: true, is_following: false, is_requested: false });
    expect(profile.posts_count).toBeGreaterThanOrEqual(3);
    expect(profile.followers_count).toBeGreaterThanOrEqual(1);
    const whisps = await get(`/api/users/${profile.id}/posts`);
    expect([whisps.statusCode, whisps.json().message]).toEqual([
      403,
      ERRORS.privateAccount.message,
    ]);

    expect(describeDemo(summary as DemoSummary)).toContain(DEMO_PRIVATE_SIGN_IN.email);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO_PRIVATE_SIGN_IN,
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const asPrivate = (url: string) => testApp.app.inject({ method: 'GET', url, headers });
    const requests = (await asPrivate('/api/users/me/follow-requests')).json().data;
    expect(requests).toHaveLength(summary?.followRequests ?? -1);
    expect(requests).toHaveLength(1);
    const { notifications } = (await asPrivate('/api/notifications')).json().data;
    expect(
      notifications.map((n: { notification_type: string; message: string }) => [
        n.notification_type,
        n.message,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['follow_request', NOTIFICATION_MESSAGES.follow_request],
        ['follow', NOTIFICATION_MESSAGES.follow],
      ]),
    );
    // Their follower reads the whisps the demo member cannot.
    const [follower] = (await asPrivate(`/api/users/${profile.id}/followers`)).json().data;
    const followerLogin = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${follower.username}@example.com`, password: DEMO_SIGN_IN.password },
    });
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${profile.id}/posts`,
      headers: { authorization: `Bearer ${followerLogin.json().data.token}` },
    });
    expect(read.json().posts).toHaveLength(profile.posts_count);
  });

  it('gives the demo member a muted word', async () => {
    const muted = await testApp.database.kysely
      .selectFrom('muted_words')
      .innerJoin('users', 'users.id', 'muted_words.user_id')
      .select('muted_words.word')
      .where('users.email', '=', DEMO_SIGN_IN.email)
      .execute();
    expect(muted).toEqual([{ word: DEMO_MUTED_WORD }]);
  });

  it('is not loaded again into a database that has members', async () => {
    const again = await loadDemoOnFirstStart({
      config: { ...testApp.config, demo: true },
      database: testApp.database,
      storage: createLocalDiskStorage(path.join(testApp.config.dataDir, 'media')),
      log: silentLog,
    });
    expect(again).toBeUndefined();
  });
});

describe('when the demo loads', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('stays out with WHISP_DEMO=off', async () => {
    const loaded = await loadDemoOnFirstStart({
      config: { ...testApp.config, demo: false },
      database: testApp.database,
      storage: createLocalDiskStorage(path.join(testApp.config.dataDir, 'media')),
      log: silentLog,
    });
    expect(loaded).toBeUndefined();
    const users = await testApp.database.kysely.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });

  it('reads only an explicit WHISP_DEMO=on as a request for PostgreSQL', () => {
    expect(demoExplicitlyRequested({ WHISP_DEMO: 'on' })).toBe(true);
    expect(demoExplicitlyRequested({ WHISP_DEMO: 'TRUE' })).toBe(true);
    expect(demoExplicitlyRequested({})).toBe(false);
    expect(demoExplicitlyRequested({ WHISP_DEMO: 'off' })).toBe(false);
  });
});
