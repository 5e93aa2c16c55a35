// Story-only wiring of the presentational components to @whisp/api-client (its TanStack Query
// layer over the MSW mocks), the way the app does it: the components still know nothing of the
// server; this file is the "app" for a story.
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { createMemoryTokenStore, createWhispClient, type Post } from '@whisp/api-client';
import { MOCK_TOKEN, MOCK_VIEWER } from '@whisp/api-client/mocks';
import {
  postQueries,
  useToggleBookmark,
  useToggleLike,
  useToggleRewhisp,
  useWhispClient,
  WhispClientProvider,
} from '@whisp/api-client/react';
import { type ReactNode, useState } from 'react';
import { Feed, type FeedTab } from '../components/Feed/Feed.js';
import { ToastProvider, useToast } from '../components/Toast/Toast.js';
import type { WhispToggleAction } from '../components/WhispCard/WhispActions.js';
import { WhispCard } from '../components/WhispCard/WhispCard.js';

/** A fresh client and cache per story, signed in as the mocks' viewer (or whom `token` names). */
export function ApiProviders({
  children,
  token = MOCK_TOKEN,
}: {
  children: ReactNode;
  token?: string;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
  );
  const [client] = useState(() => createWhispClient({ tokenStore: createMemoryTokenStore(token) }));
  return (
    <QueryClientProvider client={queryClient}>
      <WhispClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </WhispClientProvider>
    </QueryClientProvider>
  );
}

/** The like/rewhisp/bookmark toggles with the spec's toasts (section 4 and 8). */
function useWhispToggles() {
  const { toast } = useToast();
  const like = useToggleLike();
  const rewhisp = useToggleRewhisp();
  const bookmark = useToggleBookmark();
  const pendingFor = (post: Post): Partial<Record<WhispToggleAction, boolean>> => ({
    like: like.isPending && like.variables?.id === post.id,
    rewhisp: rewhisp.isPending && rewhisp.variables?.id === post.id,
    bookmark: bookmark.isPending && bookmark.variables?.id === post.id,
  });
  const onLike = (post: Post) =>
    like.mutate(
      { id: post.id, liked: !post.is_liked },
      {
        onSuccess: () =>
          toast(post.is_liked ? 'Removed like' : 'Post liked!', { variant: 'success' }),
        onError: () => toast('Failed to like post', { variant: 'error' }),
      },
    );
  const onRewhisp = (post: Post) =>
    rewhisp.mutate(
      { id: post.id, rewhisped: !post.is_rewhisped },
      {
        onSuccess: () =>
          toast(post.is_rewhisped ? 'Removed rewhisp' : 'Post rewhisped!', { variant: 'success' }),
        onError: () => toast('Failed to repost post', { variant: 'error' }),
      },
    );
  const onBookmark = (post: Post) =>
    bookmark.mutate(
      { id: post.id, bookmarked: !post.is_bookmarked },
      { onError: () => toast('Failed to bookmark post', { variant: 'error' }) },
    );
  return { pendingFor, onLike, onRewhisp, onBookmark };
}

/** The home feed, loaded page by page from the API. */
export function ConnectedFeed() {
  const client = useWhispClient();
  const [tab, setTab] = useState<FeedTab>('for-you');
  const feed = useInfiniteQuery(
    postQueries.feed(client, tab === 'following' ? 'following' : 'for-you'),
  );
  const toggles = useWhispToggles();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <Feed
      tab={tab}
      onTabChange={setTab}
      tabs={['for-you', 'following']}
      posts={posts}
      status={feed.isPending ? 'loading' : feed.isError && posts.length === 0 ? 'error' : 'success'}
      onRetry={() => void feed.refetch()}
      hasMore={feed.hasNextPage}
      onLoadMore={() => void feed.fetchNextPage()}
      loadingMore={feed.isFetchingNextPage}
      loadMoreFailed={feed.isFetchNextPageError}
      pendingByPost={Object.fromEntries(
        posts.map((post) => [post.id, toggles.pendingFor(post.rewhisp_of ?? post)]),
      )}
      cardProps={{
        currentUserId: MOCK_VIEWER.id,
        onLike: toggles.onLike,
        onRewhisp: toggles.onRewhisp,
        onBookmark: toggles.onBookmark,
        embedVideos: false,
      }}
    />
  );
}

/** One whisp (the first of the viewer's feed that is not theirs), live against the API. */
export function ConnectedWhispCard() {
  const client = useWhispClient();
  const feed = useInfiniteQuery(postQueries.feed(client, 'for-you'));
  const toggles = useWhispToggles();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  // Chosen once: after a like the same whisp stays on screen with its new state.
  const [postId, setPostId] = useState<string>();
  const chosen = posts.find(
    (candidate) =>
      !candidate.rewhisp_of && candidate.author.id !== MOCK_VIEWER.id && !candidate.is_liked,
  );
  if (!postId && chosen) setPostId(chosen.id);
  const post = posts.find((candidate) => candidate.id === postId);
  if (feed.isPending) return <p>Loading…</p>;
  if (!post) return <p>No whisp to show</p>;
  return (
    <WhispCard
      post={post}
      currentUserId={MOCK_VIEWER.id}
      pending={toggles.pendingFor(post)}
      onLike={toggles.onLike}
      onRewhisp={toggles.onRewhisp}
      onBookmark={toggles.onBookmark}
      embedVideos={false}
    />
  );
}
