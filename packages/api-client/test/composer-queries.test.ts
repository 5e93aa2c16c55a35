// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createWhispClient, type Post } from '../src/index.js';
import {
  postKeys,
  postMutations,
  postQueries,
  scheduledPostKeys,
  scheduledPostQueries,
  useCancelScheduledPost,
  usePostHistory,
  useUpdateScheduledPost,
  useVotePoll,
  WhispClientProvider,
} from '../src/react/index.js';
import { defined } from './support/defined.js';
import { cachedCopies, runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world } = setupQueryWorld();

function wrapper({ children }: { children: ReactNode }) {
  return createElement(
    QueryClientProvider,
    { client: world.queryClient },
    createElement(WhispClientProvider, { client: world.client }, children),
  );
}

/** Another member of the mock network, signed up, with a client of their own. */
async function stranger() {
  const client = createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(null) });
  await client.auth.register({
    email: 'quinn@queries.test',
    password: 'long enough password',
    username: 'quinn_queries',
    display_name: 'Quinn',
  });
  return client;
}

const ids = (posts: Post[]) => posts.map((post) => post.id);

describe('useVotePoll', () => {
  it('shows the counted poll on every cached copy of the whisp once the server agrees', async () => {
    const quinn = await stranger();
    const asked = await quinn.posts.create({
      content: 'Window or aisle?',
      poll: { options: ['Window', 'Aisle'], expires_in: 3600, multiple: false },
    });
    await world.client.users.follow(asked.author.id);
    const { queryClient, client } = world;
    await queryClient.fetchInfiniteQuery(postQueries.feed(client, 'following'));
    await queryClient.fetchQuery(postQueries.detail(client, asked.id));
    const before = cachedCopies(queryClient, asked.id);
    expect(before).toHaveLength(2);
    expect(before[0]?.poll?.options.map((o) => o.votes_count)).toEqual([null, null]);

    const { result } = renderHook(() => useVotePoll(), { wrapper });
    act(() => result.current.mutate({ pollId: defined(asked.poll).id, choices: [0] }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (const copy of cachedCopies(queryClient, asked.id)) {
      expect(copy.poll).toMatchObject({ voted: true, own_votes: [0], votes_count: 1 });
      expect(copy.poll?.options.map((o) => o.votes_count)).toEqual([1, 0]);
    }
  });
});

describe('thread context', () => {
  it('shows a reply to a reply in place in the cached thread, without a refetch', async () => {
    const { queryClient, client } = world;
    const root = await client.posts.create({ content: 'A thread' });
    const first = await client.posts.reply(root.id, { content: 'First' });
    const second = await client.posts.reply(root.id, { content: 'Second' });
    const context = postQueries.context(client, root.id);
    await queryClient.fetchQuery(context);

    const answer = await runMutation(queryClient, postMutations.reply(client, queryClient), {
      id: first.id,
      content: 'Under the first',
    });
    const cached = defined(queryClient.getQueryData(context.queryKey));
    expect(ids(cached.descendants)).toEqual([first.id, answer.id, second.id]);
    expect(queryClient.getQueryState(context.queryKey)?.isInvalidated).toBe(true);
    // The server's own order agrees with what was shown.
    expect(ids((await client.posts.context(root.id)).descendants)).toEqual(ids(cached.descendants));
  });
});

describe('usePostHistory', () => {
  it('reads the versions only once enabled, and again after an edit', async () => {
    const { client, queryClient } = world;
    const post = await client.posts.create({ content: 'First words' });
    const { result, rerender } = renderHook(({ enabled }) => usePostHistory(post.id, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(queryClient.getQueryData(postKeys.history(post.id))).toBeUndefined();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    await runMutation(queryClient, postMutations.edit(client, queryClient), {
      id: post.id,
      content: 'Better words',
      content_warning: 'Words',
    });
    await waitFor(() => expect(result.current.data).toHaveLength(2));
    expect(result.current.data?.at(-1)).toMatchObject({
      content: 'Better words',
      content_warning: 'Words',
    });
  });
});

describe('scheduled whisps', () => {
  it('a scheduled answer refreshes the scheduled list and leaves the feeds alone', async () => {
    const { client, queryClient } = world;
    const feed = postQueries.feed(client, 'for-you');
    await queryClient.fetchInfiniteQuery(feed);
    const before = queryClient.getQueryData(feed.queryKey);
    // The member's seeded scheduled whisps lie further ahead than this one.
    const seeded = (await queryClient.fetchQuery(scheduledPostQueries.list(client))).map(
      (s) => s.content,
    );
    const scheduled_at = new Date(world.mock.store.now() + 3_600_000).toISOString();
    await runMutation(queryClient, postMutations.create(client, queryClient), {
      content: 'In an hour',
      scheduled_at,
    });
    expect(queryClient.getQueryData(feed.queryKey)).toBe(before);
    expect(queryClient.getQueryState(feed.queryKey)?.isInvalidated).toBe(false);
    const list = scheduledPostQueries.list(client).queryKey;
    expect(queryClient.getQueryData(list)?.map((s) => s.content)).toEqual([
      'In an hour',
      ...seeded,
    ]);
    expect(queryClient.getQueryState(scheduledPostKeys.list())?.isInvalidated).toBe(true);
  });

  it('update moves a whisp in the list and cancel takes it out, once the server agrees', async () => {
    const { client, queryClient } = world;
    const hours = (n: number) => new Date(world.mock.store.now() + n * 3_600_000).toISOString();
    const first = await client.posts.create({ content: 'One', scheduled_at: hours(1) });
    const second = await client.posts.create({ content: 'Two', scheduled_at: hours(2) });
    await queryClient.fetchQuery(scheduledPostQueries.list(client));
    const { queryKey } = scheduledPostQueries.list(client);
    // This test's whisps only: the member also has seeded ones, days ahead.
    const ours = new Set([first.id, second.id]);
    const list = () =>
      queryClient
        .getQueryData(queryKey)
        ?.map((s) => s.id)
        .filter((id) => ours.has(id));
    expect(list()).toEqual([first.id, second.id]);

    const update = renderHook(() => useUpdateScheduledPost(), { wrapper }).result;
    act(() => update.current.mutate({ id: first.id, scheduled_at: hours(3) }));
    await waitFor(() => expect(update.current.isSuccess).toBe(true));
    expect(list()).toEqual([second.id, first.id]);

    const cancel = renderHook(() => useCancelScheduledPost(), { wrapper }).result;
    act(() => cancel.current.mutate(second.id));
    await waitFor(() => expect(cancel.current.isSuccess).toBe(true));
    expect(list()).toEqual([first.id]);
    const remaining = (await client.scheduledPosts.list()).map((s) => s.id);
    expect(remaining.filter((id) => ours.has(id))).toEqual([first.id]);
  });
});
