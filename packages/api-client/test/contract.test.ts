import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../src/contract/errors.js';
import { createMockApi } from '../src/mocks/index.js';
import { type Outcome, runFlows, shapeDifferences } from './support/contractFlows.js';
import { defined } from './support/defined.js';
import { type RealServer, startRealServer } from './support/realServer.js';

/**
 * The client against the real apps/server (embedded database in a temporary directory), and the
 * same flows against the MSW mocks: every answer's shape (keys, recursively) and every error
 * (status, code, message) must match, so the mocks cannot drift from the server unnoticed.
 *
 * Flows covered (support/contractFlows.ts, support/whispFlows.ts): health; register, login, me,
 * profile edits, banner position, avatar upload, logout; profiles by username and id,
 * suggestions, follow/unfollow, follower lists; whisps with media and reply settings, the three
 * feeds and their cursors, a thread, like, rewhisp, bookmark, profile tabs, search, hashtags,
 * trends, edit, report, delete (support/inboxFlows.ts); direct messages, notifications, support
 * requests and the first frame of the live event stream; Composer (support/composerFlows.ts):
 * warnings, polls and votes, threads, edit history and scheduled whisps.
 */

const MOCK_API = 'http://mock.whisp.test';

let real: RealServer;
let serverResults: Record<string, Outcome>;
let mockResults: Record<string, Outcome>;
// Requests to the real server pass through; only the mock host is answered by MSW.
const msw = setupServer(...createMockApi({ baseUrl: MOCK_API, scenario: 'empty' }).handlers);

beforeAll(async () => {
  real = await startRealServer();
  msw.listen({ onUnhandledRequest: 'bypass' });
  serverResults = await runFlows(real.url);
  mockResults = await runFlows(MOCK_API);
}, 180_000);

afterAll(async () => {
  msw.close();
  await real?.stop();
}, 60_000);

describe('the client against the real server', () => {
  const ok = (name: string) => (serverResults[name] as { ok: Record<string, unknown> }).ok;
  const failure = (name: string) => (serverResults[name] as { error: unknown }).error;

  it('is healthy', () => {
    expect(ok('health')).toMatchObject({ success: true, status: 'ok' });
  });

  it('signs up, signs in and reads the member, with the token kept and then dropped', () => {
    expect(ok('register')).toMatchObject({
      user: { username: 'ada_contract', display_name: 'Ada', bio: 'First' },
    });
    expect(ok('login')).toMatchObject({ user: { email: 'ada@contract.test' } });
    expect(ok('me')).toMatchObject({ username: 'ada_contract' });
    expect(failure('me after logout')).toMatchObject({ status: 401 });
  });

  it('refuses bad sign-ins and sign-ups with the messages people see', () => {
    expect(failure('login with a wrong password')).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(failure('register with a short password')).toMatchObject({
      status: 400,
      message: 'Password must be at least 8 characters',
    });
    expect(failure('register with a taken username')).toMatchObject({ status: 409 });
    expect(failure('me without a token')).toMatchObject({ status: 401 });
  });

  it('edits the profile, clamps the banner position and prefixes the uploaded avatar', () => {
    expect(ok('update profile')).toMatchObject({ bio: 'Writes contracts', display_name: 'Ada L.' });
    expect(failure('bio too long')).toMatchObject({
      status: 400,
      message: 'Bio must be 160 characters or less',
    });
    expect(ok('banner position (clamped)')).toMatchObject({
      banner_position_x: 100,
      banner_position_y: 0,
    });
    expect(String(ok('avatar upload').profile_picture_url)).toMatch(
      new RegExp(`^${real.url}/media/`),
    );
    expect(failure('svg avatar refused')).toMatchObject({ status: 415 });
  });

  it('finds members, counts a follow once and refuses following yourself', () => {
    expect(ok('profile by username')).toMatchObject({
      username: 'ben_contract',
      followers_count: 0,
    });
    expect(failure('unknown profile')).toMatchObject({ status: 404, message: 'User not found' });
    expect(ok('follow')).toEqual({ is_following: true, is_requested: false, followers_count: 1 });
    expect(ok('follow again')).toEqual({
      is_following: true,
      is_requested: false,
      followers_count: 1,
    });
    expect(ok('unfollow')).toEqual({
      is_following: false,
      is_requested: false,
      followers_count: 0,
    });
    expect(failure('follow yourself')).toMatchObject({ status: 400 });
  });
});

describe('whisps on the real server', () => {
  const ok = (name: string) => (serverResults[name] as { ok: Record<string, unknown> }).ok;

  it('parses hashtags and mentions and prefixes uploaded media', () => {
    expect(ok('post a whisp')).toMatchObject({
      hashtags: ['contract'],
      mentions: ['ada_contract'],
    });
    expect(ok('post with media').media_urls).toEqual([
      expect.stringMatching(new RegExp(`^${real.url}/media/`)),
    ]);
  });

  it('makes one whisp of two posts with the same Idempotency-Key', () => {
    expect(ok('post again with the same key').id).toBe(ok('post with a key').id);
  });

  it('pages a feed by cursor without repeating a whisp', () => {
    const first = ok('following feed') as { posts: { id: string }[]; next_cursor: string | null };
    const next = ok('following feed, next page') as { posts: { id: string }[] };
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.posts).toHaveLength(2);
    const ids = [...first.posts, ...next.posts].map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts a like once and a rewhisp once, and takes them back', () => {
    expect(ok('like')).toMatchObject({ like_count: 1, is_liked: true });
    expect(ok('like again')).toMatchObject({ like_count: 1, is_liked: true });
    expect(ok('unlike')).toMatchObject({ like_count: 0, is_liked: false });
    expect(ok('rewhisp')).toMatchObject({ rewhisp_count: 1, is_rewhisped: true });
    expect(ok('unrewhisp')).toMatchObject({ rewhisp_count: 0, is_rewhisped: false });
  });
});

describe('Composer on the real server', () => {
  const ok = (name: string) => (serverResults[name] as { ok: Record<string, unknown> }).ok;
  const failure = (name: string) => (serverResults[name] as { error: unknown }).error;

  it('keeps content warnings and hides poll counts until the member votes', () => {
    expect(ok('whisp with a content warning')).toMatchObject({ content_warning: 'Spoilers' });
    expect(failure('content warning too long')).toMatchObject({
      status: 400,
      message: errorMessage('contentWarningTooLong'),
    });
    expect(failure('poll with repeated options')).toMatchObject({
      message: errorMessage('pollOptionsRepeat'),
    });
    const before = ok('poll before voting') as { poll: { options: { votes_count: unknown }[] } };
    expect(before.poll.options.map((option) => option.votes_count)).toEqual([null, null]);
    expect(ok('vote')).toMatchObject({ voted: true, own_votes: [1], votes_count: 1 });
    expect(failure('vote again')).toMatchObject({
      status: 409,
      message: errorMessage('alreadyVoted'),
    });
    expect(failure('vote in your own poll')).toMatchObject({ status: 403 });
  });

  it('lists a thread of replies to replies and the versions of an edited whisp', () => {
    const context = ok('thread context') as { descendants: { content: string }[] };
    expect(context.descendants.map((post) => post.content)).toEqual(['One', 'Two']);
    const history = ok('edit history') as unknown as { content: string }[];
    expect(history.map((version) => version.content)).toEqual(['Thread', 'Thread, edited']);
  });

  it('schedules, lists, moves and cancels a whisp, and refuses a time too soon', () => {
    expect(ok('schedule a whisp')).toMatchObject({ content: 'Later', poll: { multiple: true } });
    expect(failure('schedule too soon')).toMatchObject({
      status: 400,
      message: errorMessage('scheduleTimeInvalid'),
    });
    expect(failure("cancel someone else's scheduled whisp")).toMatchObject({ status: 404 });
    expect(ok('cancel a scheduled whisp')).toEqual({ message: 'Scheduled whisp cancelled' });
  });
});

describe('the inbox on the real server', () => {
  const ok = (name: string) => (serverResults[name] as { ok: Record<string, unknown> }).ok;

  it('opens the same conversation every time and delivers the message unread', () => {
    expect(ok('start it again').id).toBe(ok('start a conversation').id);
    expect(ok('send a message')).toMatchObject({ content: 'Hi Ben!', is_read: false });
    expect(serverResults['unread messages']).toEqual({ ok: 1 });
    expect(serverResults['unread messages after reading']).toEqual({ ok: 0 });
    expect(ok('mark them read again')).toEqual({ updated: 0 });
  });

  it('opens the live stream with the unread counts', () => {
    expect(ok('live stream')).toMatchObject({ status: 200, event: 'unread' });
  });

  it('tells Ben of the message and reads them all at once', () => {
    const list = ok('notifications') as { notifications: { notification_type: string }[] };
    expect(list.notifications[0]?.notification_type).toBe('direct_message');
    const after = ok('notifications after reading') as { unread_count: number };
    expect(after.unread_count).toBe(0);
  });
});

describe('the mocks against the real server', () => {
  it('ran the same calls', () => {
    expect(Object.keys(mockResults)).toEqual(Object.keys(serverResults));
  });

  // One list of every drift, so a failure names each call that changed and how.
  it('answer every call as the server does: same shape, or the same status, code and message', () => {
    const drift = Object.entries(serverResults).flatMap(([name, server]) => {
      const mock = defined(mockResults[name]);
      if ('error' in server) {
        return JSON.stringify(mock) === JSON.stringify(server)
          ? []
          : [`${name}: server ${JSON.stringify(server)}, mock ${JSON.stringify(mock)}`];
      }
      if (!('ok' in mock)) return [`${name}: server succeeded, mock ${JSON.stringify(mock)}`];
      return shapeDifferences(mock.ok, server.ok).map((difference) => `${name}: ${difference}`);
    });
    expect(drift).toEqual([]);
  });
});
