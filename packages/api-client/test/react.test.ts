// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { EventSourceLike } from '../src/index.js';
import {
  postQueries,
  useLiveEvents,
  useToggleLike,
  useWhispClient,
  WhispClientProvider,
} from '../src/react/index.js';
import { defined } from './support/defined.js';
import { cachedCopies, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();

function wrapper({ children }: { children: ReactNode }) {
  return createElement(
    QueryClientProvider,
    { client: world.queryClient },
    createElement(WhispClientProvider, { client: world.client }, children),
  );
}

async function cachedFeedPost() {
  const feed = await world.queryClient.fetchInfiniteQuery(
    postQueries.feed(world.client, 'for-you'),
  );
  return defined(feed.pages[0]?.posts.find((post) => !post.is_liked));
}

describe('useToggleLike', () => {
  it('shows the like in the cache once the server has agreed', async () => {
    const post = await cachedFeedPost();
    const { result } = renderHook(() => useToggleLike(), { wrapper });
    act(() => result.current.mutate({ id: post.id, liked: true }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (const copy of cachedCopies(world.queryClient, post.id)) {
      expect(copy).toMatchObject({ is_liked: true, like_count: post.like_count + 1 });
    }
  });

  it("gives the server's message and leaves the cache alone when the like fails", async () => {
    const post = await cachedFeedPost();
    server.use(
      http.post(`${API}/api/posts/:id/like`, () =>
        HttpResponse.json(
          { success: false, message: 'Slow down', code: 'RATE_LIMITED' },
          { status: 429 },
        ),
      ),
    );
    const { result } = renderHook(() => useToggleLike(), { wrapper });
    act(() => result.current.mutate({ id: post.id, liked: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Slow down');
    for (const copy of cachedCopies(world.queryClient, post.id)) expect(copy).toEqual(post);
  });
});

describe('useWhispClient', () => {
  it('says where it must be used when there is no provider', () => {
    expect(() => renderHook(() => useWhispClient())).toThrow(
      'useWhispClient must be used inside a <WhispClientProvider>',
    );
  });
});

describe('useLiveEvents', () => {
  const opened: { url: string; closed: boolean }[] = [];
  class CountingEventSource implements EventSourceLike {
    readyState = 0;
    private readonly record: { url: string; closed: boolean };
    constructor(url: string) {
      this.record = { url, closed: false };
      opened.push(this.record);
    }
    addEventListener() {}
    close() {
      this.record.closed = true;
    }
  }

  it('opens one stream while enabled, keeps it across re-renders, and closes it on unmount', () => {
    opened.length = 0;
    const { rerender, unmount } = renderHook(
      ({ enabled }) =>
        useLiveEvents(enabled, { EventSource: CountingEventSource, onNotification: () => {} }),
      { wrapper, initialProps: { enabled: false } },
    );
    expect(opened).toHaveLength(0);
    rerender({ enabled: true });
    rerender({ enabled: true });
    expect(opened).toEqual([{ url: `${API}/api/events?token=mock-token-robin`, closed: false }]);
    unmount();
    expect(opened[0]?.closed).toBe(true);
  });
});
