import { useInfiniteQuery } from '@tanstack/react-query';
import { bookmarkQueries } from '@whisp/api-client/react';
import Bookmark from 'lucide-react/icons/bookmark';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import { PostList } from '../../shared/PostList';

/** Your bookmarks, newest first, loading more as you scroll. */
export default function BookmarksRoute() {
  useDocumentTitle('Bookmarks');
  const list = useInfiniteQuery(bookmarkQueries.list(client));
  // A whisp unbookmarked here stays until the list reloads, so it can be bookmarked again.
  const posts = list.data?.pages.flatMap((page) => page.bookmarks.map((item) => item.post)) ?? [];
  return (
    <>
      <PageHeader title="Bookmarks" />
      <PostList
        label="Bookmarks"
        infinite
        posts={posts}
        status={list.isPending ? 'pending' : list.isError && !list.data ? 'error' : 'success'}
        errorMessage="Failed to load bookmarks"
        onRetry={() => void list.refetch()}
        empty={{
          title: 'Save whisps for later',
          description: 'Bookmark a whisp to find it again here. Only you can see your bookmarks.',
          icon: <Bookmark />,
        }}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
