import { InfiniteQueryObserver } from '@tanstack/react-query';
import { getResponse, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKEN, MOCK_VIEWER } from '../src/mocks/index.js';
import {
  bookmarkQueries,
  postMutations,
  postQueries,
  searchQueries,
  userMutations,
  userQueries,
} from '../src/react/index.js';
import { defined } from './support/defined.js';
import { cachedCopies, runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();

/**
 * A whisp that is cached five ways at once: nested in a rewhisp on the Following feed, on its
 * author's Whisps tab, in bookmarks, in search results, and as its own thread.
 */
async function cacheOneWhispEverywhere() {
  const { mock, client, queryClient } = world;
  const rewhisp = defined(
    mock.store.data.posts.find((p) => p.rewhisp_of_id && p.author_id !== MOCK_VIEWER.id),
  );
  const original = defined(mock.store.data.posts.find((p) => p.id === rewhisp.rewhisp_of_id));
  mock.store.setBookmark(mock.store.viewer(MOCK_TOKEN), original.id, true);
  await Promise.all([
    queryClient.fetchInfiniteQuery(postQueries.feed(client, 'following')),
    queryClient.fetchInfiniteQuery(userQueries.tab(client, original.author_id, 'posts')),
    queryClient.fetchInfiniteQuery(bookmarkQueries.list(client)),
    queryClient.fetchQuery(
      searchQueries.results(client, original.content.split(' ').slice(0, 3).join(' ')),
    ),
    queryClient.fetchQuery(postQueries.detail(client, original.id)),
  ]);
  const copies = cachedCopies(queryClient, original.id);
  expect(copies.length).toBe(5);
  return { id: original.id, before: defined(copies[0]) };
}

/** Holds the server's answer until `release` is called, to look at the cache meanwhile. */
function holdAnswer(method: 'post', path: string, answer: () => Response) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](`${API}${path}`, async () => {
      await released;
      return answer();
    }),
  );
  return () => release();
}

describe('like (product-spec section 4)', () => {
  it('changes every cached copy once the server agrees: feed, nested rewhisp, tab, bookmarks, search, thread', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    expect(before.is_liked).toBe(false);
    const liked = await runMutation(
      world.queryClient,
      postMutations.like(world.client, world.queryClient),
      { id, liked: true },
    );
    expect(liked.like_count).toBe(before.like_count + 1);
    const copies = cachedCopies(world.queryClient, id);
    expect(copies).toHaveLength(5);
    for (const copy of copies)
      expect(copy).toMatchObject({ is_liked: true, like_count: before.like_count + 1 });

    await runMutation(world.queryClient, postMutations.like(world.client, world.queryClient), {
      id,
      liked: false,
    });
    for (const copy of cachedCopies(world.queryClient, id)) {
      expect(copy).toMatchObject({ is_liked: false, like_count: before.like_count });
    }
  });

  it('does not flip while the server is thinking, and keeps the previous state when it refuses', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    const release = holdAnswer('post', '/api/posts/:id/like', () =>
      HttpResponse.json(
        { success: false, message: 'Failed to like post', code: 'X' },
        { status: 500 },
      ),
    );
    const pending = runMutation(
      world.queryClient,
      postMutations.like(world.client, world.queryClient),
      { id, liked: true },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const copy of cachedCopies(world.queryClient, id))
      expect(copy).toMatchObject({ is_liked: false, like_count: before.like_count });
    release();
    await expect(pending).rejects.toThrow('Failed to like post');
    for (const copy of cachedCopies(world.queryClient, id))
      expect(copy).toMatchObject({ is_liked: false, like_count: before.like_count });
  });

  it('keeps the previous state when the connection fails', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    server.use(http.post(`${API}/api/posts/:id/like`, () => HttpResponse.error()));
    await expect(
      runMutation(world.queryClient, postMutations.like(world.client, world.queryClient), {
        id,
        liked: true,
      }),
    ).rejects.toThrow('Network error: Unable to connect to server');
    expect(cachedCopies(world.queryClient, id)).toEqual(Array(5).fill(before));
  });
});

describe('rewhisp and bookmark', () => {
  it('rewhisp updates the count and flag of every copy on success', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    await runMutation(world.queryClient, postMutations.rewhisp(world.client, world.queryClient), {
      id,
      rewhisped: true,
    });
    for (const copy of cachedCopies(world.queryClient, id)) {
      expect(copy).toMatchObject({ is_rewhisped: true, rewhisp_count: before.rewhisp_count + 1 });
    }
  });

  it('a refused rewhisp (not repostable) leaves every copy as it was', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    server.use(
      http.post(`${API}/api/posts/:id/rewhisp`, () =>
        HttpResponse.json(
          { success: false, message: 'This whisp cannot be rewhisped', code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    await expect(
      runMutation(world.queryClient, postMutations.rewhisp(world.client, world.queryClient), {
        id,
        rewhisped: true,
      }),
    ).rejects.toThrow('This whisp cannot be rewhisped');
    for (const copy of cachedCopies(world.queryClient, id)) expect(copy).toEqual(before);
  });

  it('unbookmark clears the flag on every copy and marks the bookmark list stale', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    expect(before.is_bookmarked).toBe(true);
    await runMutation(world.queryClient, postMutations.bookmark(world.client, world.queryClient), {
      id,
      bookmarked: false,
    });
    for (const copy of cachedCopies(world.queryClient, id)) expect(copy.is_bookmarked).toBe(false);
    expect(
      world.queryClient.getQueryState(bookmarkQueries.list(world.client).queryKey)?.isInvalidated,
    ).toBe(true);
  });
});

describe('follow', () => {
  it('updates the profile, search users and suggestions once the server agrees', async () => {
    const { client, queryClient } = world;
    const stranger = defined((await queryClient.fetchQuery(userQueries.suggested(client, 1)))[0]);
    await Promise.all([
      queryClient.fetchQuery(userQueries.byUsername(client, stranger.username)),
      queryClient.fetchQuery(searchQueries.results(client, stranger.username)),
    ]);
    await runMutation(queryClient, userMutations.follow(client, queryClient), {
      id: stranger.id,
      following: true,
    });
    const followers = stranger.followers_count + 1;
    expect(
      queryClient.getQueryData(userQueries.byUsername(client, stranger.username).queryKey),
    ).toMatchObject({
      is_following: true,
      followers_count: followers,
    });
    const search = queryClient.getQueryData(
      searchQueries.results(client, stranger.username).queryKey,
    );
    expect(search?.users.find((u) => u.id === stranger.id)).toMatchObject({
      is_following: true,
      followers_count: followers,
    });
    expect(
      queryClient.getQueryData(userQueries.suggested(client, 1).queryKey)?.[0]?.followers_count,
    ).toBe(followers);
  });

  it('keeps the button as it was when the server refuses', async () => {
    const { client, queryClient } = world;
    const profile = await queryClient.fetchQuery(userQueries.byUsername(client, 'sam_green'));
    server.use(
      http.post(`${API}/api/users/:id/follow`, () =>
        HttpResponse.json(
          { success: false, message: 'Too many requests', code: 'RATE_LIMITED' },
          { status: 429 },
        ),
      ),
    );
    await expect(
      runMutation(queryClient, userMutations.follow(client, queryClient), {
        id: profile.id,
        following: true,
      }),
    ).rejects.toThrow('Too many requests');
    expect(queryClient.getQueryData(userQueries.byUsername(client, 'sam_green').queryKey)).toEqual(
      profile,
    );
  });
});

describe('creating, replying and deleting', () => {
  it('a new whisp shows at the top of For you, Following and the Whisps tab at once', async () => {
    const { client, queryClient } = world;
    const forYou = postQueries.feed(client, 'for-you');
    const following = postQueries.feed(client, 'following');
    const whisps = userQueries.tab(client, MOCK_VIEWER.id, 'posts');
    await Promise.all([
      queryClient.fetchInfiniteQuery(forYou),
      queryClient.fetchInfiniteQuery(following),
      queryClient.fetchInfiniteQuery(whisps),
    ]);
    const before = defined(queryClient.getQueryData(forYou.queryKey));
    const post = await runMutation(queryClient, postMutations.create(client, queryClient), {
      content: 'Hello #tests',
    });
    for (const list of [forYou, following]) {
      const data = defined(queryClient.getQueryData(list.queryKey));
      expect(data.pages[0]?.posts[0]).toEqual(post);
      expect(data.pages.flatMap((page) => page.posts).filter((p) => p.id === post.id)).toHaveLength(
        1,
      );
      expect(queryClient.getQueryState(list.queryKey)?.isInvalidated).toBe(false);
    }
    const after = defined(queryClient.getQueryData(forYou.queryKey));
    expect(after.pages.map((page) => page.next_cursor)).toEqual(
      before.pages.map((page) => page.next_cursor),
    );
    expect(after.pageParams).toEqual(before.pageParams);
    expect(after.pages[0]?.posts.slice(1)).toEqual(before.pages[0]?.posts);
    expect(defined(queryClient.getQueryData(whisps.queryKey)).pages[0]?.posts[0]).toEqual(post);
  });

  it('a new whisp is not shown twice once a refetch brings it', async () => {
    const { client, queryClient } = world;
    const following = postQueries.feed(client, 'following');
    await queryClient.fetchInfiniteQuery(following);
    const post = await runMutation(queryClient, postMutations.create(client, queryClient), {
      content: 'Only once, please',
    });
    await queryClient.refetchQueries({ queryKey: following.queryKey });
    const posts = defined(queryClient.getQueryData(following.queryKey)).pages.flatMap(
      (page) => page.posts,
    );
    expect(posts.filter((p) => p.id === post.id)).toHaveLength(1);
    expect(posts[0]?.id).toBe(post.id);
  });

  it('a new whisp keeps the next page of an offset-paged tab in step with the server', async () => {
    const { client, queryClient, mock } = world;
    const viewer = mock.store.viewer(MOCK_TOKEN);
    for (let index = 0; index < 45; index += 1) {
      await client.posts.create({ content: `Older whisp ${index}` });
    }
    const whisps = userQueries.tab(client, viewer.id, 'posts');
    await queryClient.fetchInfiniteQuery({ ...whisps, pages: 2 });
    const post = await runMutation(queryClient, postMutations.create(client, queryClient), {
      content: 'Newest of all',
    });
    // The next page as the list's "Load more" asks for it, after the pages already shown.
    await new InfiniteQueryObserver(queryClient, {
      ...whisps,
      staleTime: Number.POSITIVE_INFINITY,
    }).fetchNextPage();
    expect(queryClient.getQueryData(whisps.queryKey)?.pages).toHaveLength(3);
    const shown = defined(queryClient.getQueryData(whisps.queryKey)).pages.flatMap((page) =>
      page.posts.map((p) => p.id),
    );
    const onServer = (
      await client.users.posts(viewer.id, { tab: 'posts', limit: 100, offset: 0 })
    ).posts.map((p) => p.id);
    expect(shown[0]).toBe(post.id);
    expect(shown).toEqual(onServer.slice(0, shown.length));
  });

  it('a whisp whose answer was lost is retried with the same key and posted once', async () => {
    const { client, queryClient, mock } = world;
    let attempts = 0;
    server.use(
      http.post(`${API}/api/posts`, async ({ request }) => {
        attempts += 1;
        if (attempts > 1) return;
        // The server stores the whisp, then the connection drops before the answer arrives.
        await getResponse(mock.handlers, request);
        return HttpResponse.error();
      }),
    );
    const post = await runMutation(
      queryClient,
      { ...postMutations.create(client, queryClient), retryDelay: 5 },
      { content: 'Posted exactly once' },
    );
    expect(attempts).toBe(2);
    expect(mock.store.data.posts.filter((p) => p.content === 'Posted exactly once')).toHaveLength(
      1,
    );
    expect(post.content).toBe('Posted exactly once');
  });

  it('a refused whisp is not retried', async () => {
    const { client, queryClient } = world;
    let attempts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/posts')
        attempts += 1;
    });
    await expect(
      runMutation(
        queryClient,
        { ...postMutations.create(client, queryClient), retryDelay: 5 },
        { content: ' ' },
      ),
    ).rejects.toThrow('Please add some content to your post');
    server.events.removeAllListeners();
    expect(attempts).toBe(1);
  });

  it('a reply counts on every copy of its parent and shows at the end of its thread at once', async () => {
    const { id, before } = await cacheOneWhispEverywhere();
    const thread = postQueries.replies(world.client, id);
    await world.queryClient.fetchInfiniteQuery(thread);
    const earlier = defined(world.queryClient.getQueryData(thread.queryKey)).pages.flatMap(
      (page) => page.posts,
    );
    const reply = await runMutation(
      world.queryClient,
      postMutations.reply(world.client, world.queryClient),
      { id, content: 'Same here' },
    );
    for (const copy of cachedCopies(world.queryClient, id))
      expect(copy.reply_count).toBe(before.reply_count + 1);
    const replies = defined(world.queryClient.getQueryData(thread.queryKey)).pages.flatMap(
      (page) => page.posts,
    );
    expect(replies).toEqual([...earlier, reply]);
    // Marked stale for its next read, which brings the same reply once.
    expect(world.queryClient.getQueryState(thread.queryKey)?.isInvalidated).toBe(true);
    await world.queryClient.refetchQueries({ queryKey: thread.queryKey });
    const refetched = defined(world.queryClient.getQueryData(thread.queryKey)).pages.flatMap(
      (page) => page.posts,
    );
    expect(refetched.filter((p) => p.id === reply.id)).toHaveLength(1);
    expect(refetched.at(-1)?.id).toBe(reply.id);
  });

  it('a deleted whisp leaves every list, rewhisps of it included', async () => {
    const { client, queryClient, mock } = world;
    const mine = await client.posts.create({ content: 'Short-lived' });
    await client.posts.rewhisp(mine.id);
    mock.store.setBookmark(mock.store.viewer(MOCK_TOKEN), mine.id, true);
    await Promise.all([
      queryClient.fetchInfiniteQuery(postQueries.feed(client, 'following')),
      queryClient.fetchInfiniteQuery(userQueries.tab(client, MOCK_VIEWER.id, 'rewhisps')),
      queryClient.fetchInfiniteQuery(bookmarkQueries.list(client)),
      queryClient.fetchQuery(postQueries.detail(client, mine.id)),
    ]);
    expect(cachedCopies(queryClient, mine.id).length).toBeGreaterThanOrEqual(4);
    await runMutation(queryClient, postMutations.remove(client, queryClient), mine.id);
    expect(cachedCopies(queryClient, mine.id)).toEqual([]);
  });
});
