import { useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@whisp/api-client';
import { notificationQueries, useMarkNotificationRead } from '@whisp/api-client/react';
import { Button, EmptyState, ErrorState, memberHref, NotificationItem, useToast } from '@whisp/ui';
import Bell from 'lucide-react/icons/bell';
import { client } from '../client';
import { NotificationListLoading } from './NotificationListLoading';
import * as styles from './page.css';

function hrefFor(notification: Notification): string | undefined {
  if (notification.notification_type === 'direct_message') return '/messages';
  if (notification.notification_type === 'follow_request') return '/follow-requests';
  // A moderation notice says all there is: the whisp it names is gone.
  if (notification.notification_type === 'moderation') return undefined;
  if (notification.post) return `/whisp/${notification.post.id}`;
  return memberHref(notification.actor);
}

/** The notification list, newest first, with Mark as read on each unread one. */
export function NotificationList() {
  const { toast } = useToast();
  const list = useInfiniteQuery(notificationQueries.list(client));
  const markRead = useMarkNotificationRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  if (list.isPending) return <NotificationListLoading />;
  if (list.isError) {
    return (
      <ErrorState
        message="Failed to load notifications"
        onRetry={() => void list.refetch()}
        retryLabel="Retry"
        retrying={list.isRefetching}
      />
    );
  }
  if (notifications.length === 0) {
    return (
      <EmptyState
        icon={<Bell />}
        title="No notifications yet"
        description="Likes, follows, replies, mentions and messages show up here."
      />
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Notifications">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem
              notification={notification}
              hrefFor={hrefFor}
              onMarkRead={(item) =>
                markRead.mutate(item.id, {
                  onError: () =>
                    toast('Failed to mark notifications as read', { variant: 'error' }),
                })
              }
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Load More
          </Button>
        </div>
      ) : null}
    </>
  );
}
