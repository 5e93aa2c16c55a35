import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../src/contract/errors.js';
import { createMemoryTokenStore, createWhispClient, NETWORK_ERROR_MESSAGE } from '../src/index.js';
import {
  buildPost,
  buildProfile,
  createMockApi,
  MOCK_CREDENTIALS,
  MOCK_PRIVATE_MEMBER,
  MOCK_PRIVATE_POST_IDS,
  MOCK_PRIVATE_TOKEN,
  MOCK_TOKEN,
  MOCK_VIEWER,
  resetFixtureIds,
} from '../src/mocks/index.js';
import { defined } from './support/defined.js';

const API = 'http://mock.whisp.test';
const server = setupServer();
let mock = createMockApi({ baseUrl: API, delayMs: 50 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function signedIn(token: string | null = MOCK_TOKEN) {
  mock = createMockApi({ baseUrl: API, delayMs: 50 });
  server.use(...mock.handlers);
  return createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });
}

function clientAs(token: string) {
  return createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });
}

describe('mock handlers over the in-memory store', () => {
  it('serves a believable signed-in network by default', async () => {
    const client = signedIn();
    const me = await client.users.me();
    expect(me.username).toBe(MOCK_VIEWER.username);
    expect(me.profile_picture_url).toBe(`${API}/media/avatar-robin.svg`);
    const feed = await client.posts.timeline();
    expect(feed.length).toBeGreaterThan(5);
    const following = await client.posts.following();
    expect(following.some((post) => post.rewhisp_of !== null)).toBe(true);
  });

  it('changes the count and the flag when a whisp is liked, once however often', async () => {
    const client = signedIn();
    const post = defined((await client.posts.public()).filter((p) => !p.is_liked)[0]);
    const liked = await client.posts.like(post.id);
    await client.posts.like(post.id);
    expect(liked.like_count).toBe(post.like_count + 1);
    expect((await client.posts.get(post.id)).like_count).toBe(post.like_count + 1);
    expect((await client.posts.get(post.id)).is_liked).toBe(true);
    const unliked = await client.posts.unlike(post.id);
    expect(unliked).toMatchObject({ like_count: post.like_count, is_liked: false });
  });

  it('counts a follow on both sides and refuses following yourself', async () => {
    const client = signedIn();
    const stranger = defined((await client.users.suggested({ limit: 1 }))[0]);
    const state = await client.users.follow(stranger.id);
    expect(state).toEqual({
      is_following: true,
      is_requested: false,
      followers_count: stranger.followers_count + 1,
    });
    const profile = await client.users.profile(stranger.username);
    expect(profile).toMatchObject({ is_following: true });
    const suggestions = await client.users.suggested({ limit: 20 });
    expect(suggestions.map((user) => user.id)).not.toContain(stranger.id);
    await expect(client.users.follow(MOCK_VIEWER.id)).rejects.toMatchObject({
      status: 400,
      message: 'You cannot follow yourself',
    });
  });

  it('puts a new whisp at the top of the feeds and the profile, with parsed hashtags', async () => {
    const client = signedIn();
    const created = await client.posts.create({
      content: 'Fresh from the mock #Storybook @maya_chen',
    });
    expect(created).toMatchObject({
      hashtags: ['storybook'],
      mentions: ['maya_chen'],
      like_count: 0,
    });
    expect((await client.posts.timeline())[0]?.id).toBe(created.id);
    expect((await client.posts.following())[0]?.id).toBe(created.id);
    const tab = await client.users.posts(MOCK_VIEWER.id, { tab: 'posts' });
    expect(tab.posts[0]?.id).toBe(created.id);
  });

  it('makes one whisp of two posts with the same Idempotency-Key', async () => {
    const client = signedIn();
    const first = await client.posts.create({ content: 'Once' }, { idempotencyKey: 'draft-9' });
    const again = await client.posts.create({ content: 'Once' }, { idempotencyKey: 'draft-9' });
    expect(again.id).toBe(first.id);
    expect(mock.store.data.posts.filter((p) => p.content === 'Once')).toHaveLength(1);
  });

  it('refuses an empty whisp with the product message', async () => {
    const client = signedIn();
    await expect(client.posts.create({ content: '   ' })).rejects.toMatchObject({
      status: 400,
      message: errorMessage('emptyPost'),
    });
  });

  it('delivers a message, updates the conversation and notifies the recipient', async () => {
    const client = signedIn();
    const { token } = await clientAs('none').auth.register({
      email: 'new@whisp.test',
      password: 'long enough password',
      username: 'newcomer',
      display_name: 'New Comer',
    });
    const conversation = await client.messages.start((await client.users.profile('newcomer')).id);
    await client.messages.send({
      recipient_id: conversation.other_participant_id,
      content: 'Welcome!',
    });
    const newcomer = clientAs(token);
    const theirs = defined((await newcomer.messages.conversations())[0]);
    expect(theirs).toMatchObject({ last_message: 'Welcome!', unread_count: 1 });
    expect(await newcomer.messages.unreadCount()).toBe(1);
    const { notifications, unread_count } = await newcomer.notifications.list();
    expect(notifications[0]).toMatchObject({ notification_type: 'direct_message' });
    expect(unread_count).toBe(1);
    const message = defined((await newcomer.messages.list(theirs.id))[0]);
    expect(await newcomer.messages.markRead([message.id])).toEqual({ updated: 1 });
    expect(await newcomer.messages.unreadCount()).toBe(0);
  });

  it('notifies the author of a like, and takes it back when the like is undone', async () => {
    const robin = signedIn();
    const mine = defined((await robin.users.posts(MOCK_VIEWER.id)).posts[0]);
    const { token } = await clientAs('none').auth.login({
      email: 'sam_green@whisp.test',
      password: MOCK_CREDENTIALS.password,
    });
    const sam = clientAs(token);
    const likesFromSam = async () =>
      (await robin.notifications.list({ limit: 100 })).notifications.filter(
        (n) =>
          n.notification_type === 'like' &&
          n.actor.username === 'sam_green' &&
          n.post?.id === mine.id,
      );
    await sam.posts.unlike(mine.id);
    await sam.posts.like(mine.id);
    expect(await likesFromSam()).toHaveLength(1);
    await sam.posts.unlike(mine.id);
    expect(await likesFromSam()).toHaveLength(0);
  });

  it('marks notifications read one at a time and all at once', async () => {
    const client = signedIn();
    const before = await client.notifications.list();
    expect(before.unread_count).toBeGreaterThan(1);
    const unread = defined(before.notifications.find((n) => !n.is_read));
    await client.notifications.markRead(unread.id);
    expect((await client.notifications.list()).unread_count).toBe(before.unread_count - 1);
    await client.notifications.markAllRead();
    expect((await client.notifications.list()).unread_count).toBe(0);
  });

  it('answers like the server: "User not found", 401 without a session, bad sign-in', async () => {
    const client = signedIn();
    await expect(client.users.profile('nobody_here')).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
    await expect(clientAs('stale').users.me()).rejects.toMatchObject({ status: 401 });
    await expect(
      client.auth.login({ email: MOCK_CREDENTIALS.email, password: 'wrong password' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    await expect(client.users.posts('user-maya_chen', { tab: 'likes' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('seeds a private member behind a lock, with a follower and a follow request waiting', async () => {
    const client = signedIn();
    const member = await client.users.profile(MOCK_PRIVATE_MEMBER.username);
    expect(member).toMatchObject({ is_private: true, is_following: false, is_requested: false });
    expect(member.posts_count).toBe(MOCK_PRIVATE_POST_IDS.length);
    expect(member.followers_count).toBe(1);
    await expect(client.users.posts(member.id, { tab: 'posts' })).rejects.toMatchObject({
      status: 403,
      message: errorMessage('privateAccount'),
    });
    const seen = [...(await client.posts.timeline()), ...(await client.posts.public())];
    expect(seen.filter((post) => post.author.id === member.id)).toEqual([]);

    const asPrivate = clientAs(MOCK_PRIVATE_TOKEN);
    expect(await asPrivate.users.followRequests()).toHaveLength(1);
    const types = (await asPrivate.notifications.list()).notifications.map(
      (n) => n.notification_type,
    );
    expect(types).toEqual(expect.arrayContaining(['follow_request', 'follow']));
    // Their follower reads what the viewer cannot.
    const [follower] = (await asPrivate.users.followers(member.id)).users;
    mock.store.data.sessions['mock-token-follower'] = defined(follower).id;
    const read = await clientAs('mock-token-follower').users.posts(member.id, { tab: 'posts' });
    expect(read.posts.map((post) => post.id)).toEqual([...MOCK_PRIVATE_POST_IDS]);
  });

  it('signs in with the mock credentials and signs out for good', async () => {
    const client = signedIn(null);
    const session = await client.auth.login(MOCK_CREDENTIALS);
    expect(session.user.id).toBe(MOCK_VIEWER.id);
    expect(client.tokenStore.get()).toBe(session.token);
    await client.auth.logout();
    expect(client.tokenStore.get()).toBeNull();
    await expect(clientAs(session.token).users.me()).rejects.toMatchObject({ status: 401 });
  });
});

describe('mock live events', () => {
  it('streams the retry delay and the unread counts first, then a notification when someone likes your whisp', async () => {
    const client = signedIn();
    // Closing the stream is an abort, as EventSource.close() does in a browser.
    const abort = new AbortController();
    const response = await fetch(`${API}/api/events?token=${MOCK_TOKEN}`, { signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = defined(response.body).pipeThrough(new TextDecoderStream()).getReader();
    let opening = '';
    while (!opening.includes('event: unread')) opening += (await reader.read()).value ?? '';
    expect(opening).toMatch(
      /^retry: 3000\n\nid: 1\nevent: unread\ndata: \{"notifications":\d+,"messages":\d+\}/,
    );

    const mine = defined((await client.users.posts(MOCK_VIEWER.id)).posts[0]);
    const { token } = await clientAs('none').auth.login({
      email: 'maya_chen@whisp.test',
      password: MOCK_CREDENTIALS.password,
    });
    // Unlike first: the seeded network may hold this like already, and a repeat like is silent.
    await clientAs(token).posts.unlike(mine.id);
    await clientAs(token).posts.like(mine.id);
    const next = await reader.read();
    expect(next.value).toContain('event: notification');
    expect(next.value).toContain('"notification_type":"like"');
    abort.abort();
  });

  it('refuses the stream without a valid token', async () => {
    signedIn();
    const response = await fetch(`${API}/api/events?token=nope`);
    expect(response.status).toBe(401);
  });
});

describe('scenarios', () => {
  it('empty: the member exists but every list is empty', async () => {
    const client = signedIn();
    mock.setScenario('empty');
    expect((await client.users.me()).username).toBe(MOCK_VIEWER.username);
    expect(await client.posts.timeline()).toEqual([]);
    expect(await client.users.suggested()).toEqual([]);
    expect((await client.notifications.list()).notifications).toEqual([]);
    expect(await client.messages.conversations()).toEqual([]);
  });

  it('error: API calls fail with the server message while health stays up', async () => {
    const client = signedIn();
    mock.setScenario('error');
    await expect(client.posts.timeline()).rejects.toMatchObject({
      status: 500,
      message: errorMessage('internal'),
    });
    await expect(client.health.check()).resolves.toMatchObject({ status: 'ok' });
  });

  it('offline: every call, health included, is a network error', async () => {
    const client = signedIn();
    mock.setScenario('offline');
    await expect(client.health.check()).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
    await expect(client.posts.timeline()).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });

  it('slow: answers arrive after the delay', async () => {
    const client = signedIn();
    mock.setScenario('slow');
    const started = Date.now();
    await client.posts.timeline();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe('fixture builders', () => {
  it('build complete contract shapes and let a story override any field', () => {
    resetFixtureIds();
    const post = buildPost({ like_count: 3, is_liked: true });
    expect(post).toMatchObject({ id: 'post-1', like_count: 3, is_liked: true, rewhisp_of: null });
    expect(post.hashtags.every((tag) => tag === tag.toLowerCase())).toBe(true);
    expect(post.author.username).toMatch(/^[a-z_]+$/);
    const profile = buildProfile({ is_following: true });
    expect(profile).not.toHaveProperty('email');
    expect(profile.is_following).toBe(true);
  });
});
