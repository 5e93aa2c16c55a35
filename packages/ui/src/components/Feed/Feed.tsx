import type { Post } from '@whisp/api-client';
import Feather from 'lucide-react/icons/feather';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useCallback,
  useId,
  useRef,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { WhispSkeletonList } from '../Skeleton/Skeleton.js';
import * as Tabs from '../Tabs/Tabs.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import { WhispCard, type WhispCardProps } from '../WhispCard/WhispCard.js';
import * as styles from './Feed.css.js';
import { WhispList } from './WhispList.js';

export const feedTabs = ['for-you', 'following', 'notifications'] as const;
export type FeedTab = (typeof feedTabs)[number];

export const feedTabLabels: Record<FeedTab, string> = {
  'for-you': 'For you',
  following: 'Following',
  notifications: 'Notifications',
};

export const FEED_ERROR_MESSAGE = 'Failed to load Whisps. Please try again.';
export const FEED_MORE_ERROR_MESSAGE = 'Failed to load more posts.';

export type FeedStatus = 'loading' | 'error' | 'success';

export interface FeedProps extends Omit<ComponentPropsWithoutRef<'section'>, 'onChange'> {
  /** The tab shown (controlled). */
  tab: FeedTab;
  /** Called with the tab chosen by click, touch or the arrow keys. */
  onTabChange: (tab: FeedTab) => void;
  /**
   * Which tabs to show. Product spec: on wide screens Notifications goes to its own page, so the
   * app passes `['for-you', 'following']` there.
   */
  tabs?: readonly FeedTab[];
  /** The whisps of the tab shown, newest first, every page loaded so far. */
  posts: Post[];
  /**
   * `loading` shows skeleton cards, `error` the error state with Retry, `success` the whisps (or
   * the empty state).
   */
  status: FeedStatus;
  /** The error state's Retry button. */
  onRetry?: () => void;
  /** Shows Load More (the last page came back full). */
  hasMore?: boolean;
  /** The Load More button at the end of the list (shown while `hasMore`, or after a failure). */
  onLoadMore?: () => void;
  /** The next page is on its way: Load More shows a spinner. */
  loadingMore?: boolean;
  /** The next page failed: "Failed to load more posts." with Load More to try again. */
  loadMoreFailed?: boolean;
  /** What the Notifications tab shows (the app's notification list). */
  notifications?: ReactNode;
  /** Shared by every card: callbacks, currentUserId, linkComponent… */
  cardProps?: Omit<WhispCardProps, 'post'>;
  /** Pending toggles by post id. */
  pendingByPost?: Record<string, WhispCardProps['pending']>;
  /** The empty state's call to action (e.g. a Whisper button). */
  emptyAction?: ReactNode;
}

/**
 * The home feed: For you / Following / Notifications, the list, Load More and every state. When
 * the focused whisp leaves the list, the next one takes focus, or the feed itself when none is left.
 */
export const Feed = forwardRef<HTMLElement, FeedProps>(function Feed(
  {
    tab,
    onTabChange,
    tabs = feedTabs,
    posts,
    status,
    onRetry,
    hasMore = false,
    onLoadMore,
    loadingMore = false,
    loadMoreFailed = false,
    notifications,
    cardProps,
    pendingByPost,
    emptyAction,
    className,
    ...props
  },
  ref,
) {
  const titleId = useId();
  const section = useRef<HTMLElement | null>(null);
  const setSection = useCallback(
    (node: HTMLElement | null) => {
      section.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const feedItself = useCallback(() => section.current, []);
  return (
    <section
      ref={setSection}
      className={cx(styles.feed, className)}
      aria-labelledby={titleId}
      // Focusable by script only: where focus goes when the last whisp it was on leaves.
      tabIndex={-1}
      {...props}
    >
      <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as FeedTab)}>
        <div className={styles.header}>
          <h1 id={titleId} className={styles.title}>
            Home
          </h1>
          <Tabs.List aria-label="Feeds">
            {tabs.map((id) => (
              <Tabs.Trigger key={id} value={id}>
                {feedTabLabels[id]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {tabs.map((id) => (
          <Tabs.Content key={id} value={id}>
            {id === 'notifications' ? notifications : id === tab ? renderList() : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );

  function renderList() {
    if (status === 'loading') return <WhispSkeletonList count={4} />;
    if (status === 'error') return <ErrorState message={FEED_ERROR_MESSAGE} onRetry={onRetry} />;
    if (posts.length === 0) {
      return (
        <EmptyState
          icon={<Feather />}
          title="No whisps yet"
          description={
            tab === 'following'
              ? 'Follow people to see their whisps here.'
              : 'When people whisp, it shows up here.'
          }
          action={emptyAction}
        />
      );
    }
    return (
      <>
        <VisuallyHidden role="status">{`${posts.length} whisps`}</VisuallyHidden>
        <WhispList
          posts={posts}
          fallbackFocus={feedItself}
          renderPost={(post) => (
            <WhispCard {...cardProps} post={post} pending={pendingByPost?.[post.id]} />
          )}
        />
        {hasMore || loadMoreFailed ? (
          <div className={styles.more}>
            {loadMoreFailed ? (
              <p className={styles.moreError} role="alert">
                {FEED_MORE_ERROR_MESSAGE}
              </p>
            ) : null}
            <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
              Load More
            </Button>
          </div>
        ) : null}
      </>
    );
  }
});
