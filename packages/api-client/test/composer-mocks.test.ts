import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POLL_ENDED_MESSAGES } from '../src/contract/choices.js';
import { errorMessage } from '../src/contract/errors.js';
import {
  createMemoryTokenStore,
  createWhispClient,
  isApiError,
  isScheduledWhisp,
  type WhispClient,
} from '../src/index.js';
import { createMockApi, MOCK_COMPOSER_IDS, MOCK_TOKEN, type MockApi } from '../src/mocks/index.js';
import { defined } from './support/defined.js';

const API = 'http://mock.whisp.test';
const server = setupServer();
let mock: MockApi;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const clientOf = (token: string | null) =>
  createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });

/** Robin (the mock viewer) on an empty network, and two more members who signed up. */
async function network() {
  mock = createMockApi({ baseUrl: API, scenario: 'empty' });
  server.use(...mock.handlers);
  const member = async (username: string) => {
    const client = clientOf(null);
    const session = await client.auth.register({
      email: `${username}@composer.test`,
      password: 'long enough password',
      username,
      display_name: username,
    });
    return { client, id: session.user.id };
  };
  return { robin: clientOf(MOCK_TOKEN), ada: await member('ada'), ben: await member('ben') };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error('expected the mock server to refuse');
  return { status: error.status, message: error.message };
}

const DAY_S = 86_400;

describe('polls in the mocks', () => {
  it('hides option counts until the viewer votes, refuses a second vote and the author', async () => {
    const { robin, ada, ben } = await network();
    const post = await robin.posts.create({
      content: 'Tea or coffee?',
      poll: { options: [' Tea ', 'Coffee'], expires_in: DAY_S, multiple: false },
    });
    const poll = defined(post.poll);
    expect(poll.options).toEqual([
      { title: 'Tea', votes_count: 0 },
      { title: 'Coffee', votes_count: 0 },
    ]);
    const voted = await ada.client.posts.votePoll(poll.id, [1]);
    expect(voted).toMatchObject({ voted: true, own_votes: [1], votes_count: 1, voters_count: 1 });
    expect(voted.options.map((option) => option.votes_count)).toEqual([0, 1]);
    const unseen = defined((await ben.client.posts.get(post.id)).poll);
    expect(unseen.options.map((option) => option.votes_count)).toEqual([null, null]);
    expect(unseen).toMatchObject({ voted: false, own_votes: [], votes_count: 1 });
    expect(await refusal(ada.client.posts.votePoll(poll.id, [0]))).toEqual({
      status: 409,
      message: errorMessage('alreadyVoted'),
    });
    expect((await refusal(robin.posts.votePoll(poll.id, [0]))).status).toBe(403);
    expect(await refusal(ben.client.posts.votePoll(poll.id, [0, 1]))).toEqual({
      status: 400,
      message: errorMessage('pollChoicesInvalid', false),
    });
  });

  it('ends by the clock: counts for all, 409 to late voters, one notice each', async () => {
    const { robin, ada, ben } = await network();
    const post = await robin.posts.create({
      content: 'Best season?',
      poll: { options: ['Spring', 'Autumn'], expires_in: 300, multiple: true },
    });
    const poll = defined(post.poll);
    await ada.client.posts.votePoll(poll.id, [0, 1]);
    mock.store.advanceClock(301_000);
    expect(await refusal(ben.client.posts.votePoll(poll.id, [0]))).toEqual({
      status: 409,
      message: errorMessage('pollExpired'),
    });
    const ended = defined((await ben.client.posts.get(post.id)).poll);
    expect(ended).toMatchObject({ expired: true, votes_count: 2, voters_count: 1 });
    expect(ended.options.map((option) => option.votes_count)).toEqual([1, 1]);
    const notices = async (client: WhispClient) =>
      (await client.notifications.list()).notifications.filter(
        (n) => n.notification_type === 'poll',
      );
    await notices(robin);
    expect((await notices(robin)).map((n) => [n.message, n.actor.username, n.post?.id])).toEqual([
      [POLL_ENDED_MESSAGES.author, 'robin', post.id],
    ]);
    expect((await notices(ada.client)).map((n) => n.message)).toEqual([POLL_ENDED_MESSAGES.voter]);
    expect(await notices(ben.client)).toEqual([]);
  });

  it('refuses too few options and options that repeat in another case', async () => {
    const { robin } = await network();
    const poll = { options: ['Yes', 'yes'], expires_in: 300, multiple: false };
    expect(await refusal(robin.posts.create({ content: 'Hm', poll }))).toEqual({
      status: 400,
      message: errorMessage('pollOptionsRepeat'),
    });
    expect(
      await refusal(robin.posts.create({ content: 'Hm', poll: { ...poll, options: ['Only'] } })),
    ).toEqual({ status: 400, message: errorMessage('pollOptionCount') });
  });
});

describe('content warnings and edit history in the mocks', () => {
  it('keeps the warning trimmed, replaces it on edit and lists every version', async () => {
    const { robin } = await network();
    const post = await robin.posts.create({ content: 'The ending!', content_warning: ' Film ' });
    expect(post).toMatchObject({ content_warning: 'Film', edited_at: null });
    expect(await robin.posts.history(post.id)).toEqual([
      { content: 'The ending!', content_warning: 'Film', created_at: post.created_at },
    ]);
    expect(
      await refusal(robin.posts.create({ content: 'x', content_warning: 'w'.repeat(101) })),
    ).toEqual({ status: 400, message: errorMessage('contentWarningTooLong') });
    const edited = await robin.posts.edit(post.id, { content: 'The ending, told' });
    expect(edited.content_warning).toBeNull();
    expect(edited.edited_at).toEqual(expect.any(String));
    const same = await robin.posts.edit(post.id, { content: 'The ending, told' });
    expect(same.edited_at).toBe(edited.edited_at);
    expect(await robin.posts.history(post.id)).toEqual([
      { content: 'The ending!', content_warning: 'Film', created_at: post.created_at },
      { content: 'The ending, told', content_warning: null, created_at: edited.edited_at },
    ]);
  });
});

describe('threads in the mocks', () => {
  it('lists ancestors root first and descendants depth first, a deleted middle reply left out', async () => {
    const { robin, ada, ben } = await network();
    const root = await robin.posts.create({ content: 'Root' });
    const first = await ada.client.posts.reply(root.id, { content: 'First' });
    const deep = await ben.client.posts.reply(first.id, { content: 'Deep' });
    const deeper = await robin.posts.reply(deep.id, { content: 'Deeper' });
    const second = await ben.client.posts.reply(root.id, { content: 'Second' });
    expect(deep.reply_to_id).toBe(first.id);
    const ids = (posts: { id: string }[]) => posts.map((p) => p.id);
    const context = await robin.posts.context(root.id);
    expect(context.ancestors).toEqual([]);
    expect(ids(context.descendants)).toEqual([first.id, deep.id, deeper.id, second.id]);
    expect(ids((await robin.posts.context(deeper.id)).ancestors)).toEqual([
      root.id,
      first.id,
      deep.id,
    ]);
    await ben.client.posts.remove(deep.id);
    expect(ids((await robin.posts.context(root.id)).descendants)).toEqual([
      first.id,
      deeper.id,
      second.id,
    ]);
    expect(ids((await robin.posts.context(deeper.id)).ancestors)).toEqual([root.id, first.id]);
  });
});

describe('scheduled whisps in the mocks', () => {
  it('stores, lists soonest first, keeps them to their author and publishes them on time', async () => {
    const { robin, ada } = await network();
    const at = (minutes: number) => new Date(mock.store.now() + minutes * 60_000).toISOString();
    const later = await robin.posts.create({ content: 'Later', scheduled_at: at(120) });
    const sooner = await robin.posts.create({
      content: 'Sooner @ada',
      scheduled_at: at(30),
      poll: { options: ['A', 'B'], expires_in: 300, multiple: false },
    });
    expect(isScheduledWhisp(sooner)).toBe(true);
    expect(sooner.poll).toEqual({ options: ['A', 'B'], expires_in: 300, multiple: false });
    expect((await robin.scheduledPosts.list()).map((s) => s.id)).toEqual([sooner.id, later.id]);
    expect(await refusal(robin.posts.create({ content: 'Now-ish', scheduled_at: at(1) }))).toEqual({
      status: 400,
      message: errorMessage('scheduleTimeInvalid'),
    });
    expect(await refusal(ada.client.scheduledPosts.cancel(later.id))).toEqual({
      status: 404,
      message: errorMessage('scheduledPostNotFound'),
    });
    const moved = await robin.scheduledPosts.update(later.id, { content: 'Later, edited' });
    expect(moved).toMatchObject({ content: 'Later, edited', scheduled_at: later.scheduled_at });
    expect((await ada.client.notifications.list()).notifications).toEqual([]);

    mock.store.advanceClock(31 * 60_000);
    const feed = await robin.posts.public();
    const published = defined(feed.find((post) => post.content === 'Sooner @ada'));
    expect(Date.parse(published.created_at)).toBeGreaterThan(Date.parse(sooner.scheduled_at) - 1);
    expect(published.poll).toMatchObject({ expired: false, votes_count: 0 });
    expect((await robin.scheduledPosts.list()).map((s) => s.id)).toEqual([later.id]);
    const mentions = (await ada.client.notifications.list()).notifications;
    expect(mentions.map((n) => n.notification_type)).toEqual(['mention']);
    await expect(robin.scheduledPosts.cancel(later.id)).resolves.toEqual({
      message: 'Scheduled whisp cancelled',
    });
    expect(await robin.scheduledPosts.list()).toEqual([]);
  });

  it('holds at most SCHEDULED_POSTS_MAX pending whisps per member', async () => {
    const { robin } = await network();
    const at = new Date(mock.store.now() + 3_600_000).toISOString();
    for (let index = 0; index < 100; index += 1) {
      await robin.posts.create({ content: `Queued ${index}`, scheduled_at: at });
    }
    expect(await refusal(robin.posts.create({ content: 'One more', scheduled_at: at }))).toEqual({
      status: 400,
      message: errorMessage('tooManyScheduled'),
    });
  });
});

describe('the default data set', () => {
  it('holds polls in every state, a warning, an edited whisp, a deep thread and two schedules', async () => {
    mock = createMockApi({ baseUrl: API });
    server.use(...mock.handlers);
    const robin = clientOf(MOCK_TOKEN);
    const poll = async (id: string) => defined((await robin.posts.get(id)).poll);
    expect(await poll(MOCK_COMPOSER_IDS.openPoll)).toMatchObject({ expired: false, voted: false });
    expect((await poll(MOCK_COMPOSER_IDS.votedPoll)).own_votes).toEqual([1]);
    expect((await poll(MOCK_COMPOSER_IDS.endedPoll)).expired).toBe(true);
    expect(await poll(MOCK_COMPOSER_IDS.multiplePoll)).toMatchObject({
      multiple: true,
      expired: false,
    });
    const warned = await robin.posts.get(MOCK_COMPOSER_IDS.warning);
    expect(warned.content_warning).toEqual(expect.any(String));
    expect(warned.media[0]).toMatchObject({ kind: 'image', width: expect.any(Number) });
    expect(await robin.posts.history(MOCK_COMPOSER_IDS.edited)).toHaveLength(3);
    const deepest = defined(MOCK_COMPOSER_IDS.threadReplies[3]);
    expect((await robin.posts.context(deepest)).ancestors).toHaveLength(4);
    expect((await robin.scheduledPosts.list()).map((s) => s.id)).toEqual([
      ...MOCK_COMPOSER_IDS.scheduled,
    ]);
    // The ended poll was announced when it ended, not again now.
    const notices = (await robin.notifications.list()).notifications;
    expect(notices.filter((n) => n.notification_type === 'poll')).toHaveLength(1);
  });
});

describe('deleting an account in the mocks', () => {
  it('takes the member’s votes out of polls and drops their scheduled whisps', async () => {
    const { robin, ada } = await network();
    const post = await robin.posts.create({
      content: 'Left or right?',
      poll: { options: ['Left', 'Right'], expires_in: DAY_S, multiple: false },
    });
    await ada.client.posts.votePoll(defined(post.poll).id, [0]);
    const at = new Date(mock.store.now() + 3_600_000).toISOString();
    await ada.client.posts.create({ content: 'Soon', scheduled_at: at });
    await ada.client.accountData.deleteAccount('long enough password');
    expect((await robin.posts.get(post.id)).poll).toMatchObject({
      votes_count: 0,
      voters_count: 0,
    });
    expect(mock.store.data.scheduledPosts).toEqual([]);
  });
});
