import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@whisp/api-client/limits';
import { postKeys, postQueries } from '@whisp/api-client/react';
import { Button, Feed, type FeedTab, media } from '@whisp/ui';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useCompose } from '../../app/ComposeProvider';
import { usePostActions } from '../../app/post-actions/PostActionsProvider';
import { client } from '../../client';
import { NotificationListLoading } from '../../shared/NotificationListLoading';
import { useMediaQuery } from '../../shared/useMediaQuery';

// The Notifications tab (phones; wide screens go to /notifications) loads its list on first use:
// most visits to Home never open it, and the route chunk stays within its budget.
const NotificationList = lazy(() =>
  import('../../shared/NotificationList').then((module) => ({ default: module.NotificationList })),
);

/** Home: For you, Following and Notifications (product-spec sections 2 and 4). */
export default function HomeRoute() {
  useDocumentTitle('Home');
  const [tab, setTab] = useState<FeedTab>('for-you');
  const wide = useMediaQuery(media.wide.replace('screen and ', ''));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { openCompose } = useCompose();
  const { cardProps, pendingByPost } = usePostActions();
  const feedName = tab === 'following' ? 'following' : 'for-you';
  const feed = useInfiniteQuery({
    ...postQueries.feed(client, feedName),
    enabled: tab !== 'notifications',
  });
  // The list renders from a deferred copy of the answer: React then builds the 20 cards in a
  // background render that yields to the browser every few milliseconds, instead of one long
  // task that blocks the first screen (Lighthouse's Total Blocking Time on phones). `null` at
  // first, so a page already in the cache when the screen mounts is deferred as well.
  const data = useDeferredValue(feed.data ?? null, null);
  const lastPage = data?.pages.at(-1);

  const changeTab = (next: FeedTab) => {
    // On wide screens notifications have their own page.
    if (next === 'notifications' && wide) {
      navigate('/notifications');
      return;
    }
    if (next !== 'notifications') {
      // Product-spec section 4: a tab change starts the list again from its first page.
      void queryClient.resetQueries({
        queryKey: postKeys.list({ feed: next === 'following' ? 'following' : 'for-you' }),
      });
    }
    setTab(next);
  };

  return (
    <Feed
      tab={tab}
      onTabChange={changeTab}
      posts={data?.pages.flatMap((page) => page.posts) ?? []}
      status={data ? 'success' : feed.isError && !feed.data ? 'error' : 'loading'}
      onRetry={() => void feed.refetch()}
      hasMore={feed.hasNextPage && (lastPage?.posts.length ?? 0) >= PAGE_SIZE}
      onLoadMore={() => void feed.fetchNextPage()}
      loadingMore={feed.isFetchingNextPage}
      loadMoreFailed={feed.isFetchNextPageError}
      notifications={
        <Suspense fallback={<NotificationListLoading />}>
          <NotificationList />
        </Suspense>
      }
      cardProps={cardProps}
      pendingByPost={pendingByPost}
      emptyAction={<Button onClick={openCompose}>Write your first whisp</Button>}
    />
  );
}
