import type { Post } from '@whisp/api-client';
import { Button, EmptyState, ErrorState, WhispCard, WhispSkeletonList } from '@whisp/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePostActions } from '../app/post-actions/PostActionsProvider';
import * as styles from './page.css';

export interface PostListProps {
  posts: Post[];
  status: 'pending' | 'error' | 'success';
  errorMessage: string;
  onRetry: () => void;
  empty: { title: string; description?: string; icon?: ReactNode };
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMoreFailed?: boolean;
  onLoadMore?: () => void;
  /** Load the next page when the end of the list scrolls into view (bookmarks). */
  infinite?: boolean;
  label: string;
}

/** A list of whisps with its loading, empty and error states and paging. */
export function PostList({
  posts,
  status,
  errorMessage,
  onRetry,
  empty,
  hasMore = false,
  loadingMore = false,
  loadMoreFailed = false,
  onLoadMore,
  infinite = false,
  label,
}: PostListProps) {
  const { cardProps, pendingByPost } = usePostActions();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  const canLoad = infinite && hasMore && !loadingMore && !loadMoreFailed;

  useEffect(() => {
    const target = sentinel.current;
    if (!canLoad || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current?.();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad]);

  if (status === 'pending') return <WhispSkeletonList count={4} />;
  if (status === 'error') return <ErrorState message={errorMessage} onRetry={onRetry} />;
  if (posts.length === 0) {
    return <EmptyState title={empty.title} description={empty.description} icon={empty.icon} />;
  }
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {posts.map((post) => (
          <li key={post.id} className={styles.item}>
            <WhispCard
              {...cardProps}
              post={post}
              pending={pendingByPost[post.rewhisp_of?.id ?? post.id]}
            />
          </li>
        ))}
      </ul>
      {infinite && canLoad ? <div ref={sentinel} className={styles.sentinel} /> : null}
      {hasMore || loadMoreFailed ? (
        <div className={styles.more}>
          {loadMoreFailed ? <p role="alert">Failed to load more posts.</p> : null}
          <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
            Load More
          </Button>
        </div>
      ) : null}
    </>
  );
}
