import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationQueries, useMarkAllNotificationsRead } from '@whisp/api-client/react';
import { Button, useToast } from '@whisp/ui';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { client } from '../../client';
import { NotificationList } from '../../shared/NotificationList';
import { PageHeader } from '../../shared/PageHeader';

/** Notifications with Mark all read; new ones arrive live (or within 30 s). */
export default function NotificationsRoute() {
  useDocumentTitle('Notifications');
  const { toast } = useToast();
  const markAll = useMarkAllNotificationsRead();
  const list = useInfiniteQuery(notificationQueries.list(client));
  const hasUnread = list.data?.pages.some((page) => page.notifications.some((n) => !n.is_read));
  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasUnread}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: () => toast('Failed to mark notifications as read', { variant: 'error' }),
              })
            }
          >
            Mark all read
          </Button>
        }
      />
      <NotificationList />
    </>
  );
}
