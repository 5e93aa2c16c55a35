import {
  type InfiniteData,
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { PAGE_SIZE } from '../contract/limits.js';
import type { Id, Notification } from '../models.js';
import { notificationKeys } from '../query/keys.js';
import type { NotificationPage } from './notifications.api.js';

export { notificationKeys };

export type NotificationPages = InfiniteData<NotificationPage, Id | undefined>;

export const notificationQueries = {
  /** Newest first; the next page starts before the oldest one shown. */
  list: (client: WhispClient) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.lists(),
      queryFn: ({ pageParam, signal }) =>
        client.notifications.list({ limit: PAGE_SIZE, before: pageParam }, signal),
      initialPageParam: undefined as Id | undefined,
      getNextPageParam: (last) =>
        last.notifications.length >= PAGE_SIZE ? last.notifications.at(-1)?.id : undefined,
    }),

  /**
   * The unread badge. `subscribeToLiveEvents` keeps it current, from the stream or by reloading
   * every 30 seconds while the stream is down (product-spec section 4); no timer of its own, so
   * a working stream is not doubled by polling.
   */
  unreadCount: (client: WhispClient) =>
    queryOptions({
      queryKey: notificationKeys.unreadCount(),
      queryFn: async ({ signal }) =>
        (await client.notifications.list({ limit: 1 }, signal)).unread_count,
    }),
};

function markInCache(queryClient: QueryClient, read: (notification: Notification) => boolean) {
  let changed = 0;
  queryClient.setQueryData<NotificationPages>(notificationKeys.lists(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) => {
              if (notification.is_read || !read(notification)) return notification;
              changed += 1;
              return { ...notification, is_read: true };
            }),
          })),
        }
      : data,
  );
  return changed;
}

export const notificationMutations = {
  markRead: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...notificationKeys.all, 'read'],
      mutationFn: (id: Id) => client.notifications.markRead(id),
      onSuccess: (_result, id) => {
        const changed = markInCache(queryClient, (notification) => notification.id === id);
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
          count === undefined ? count : Math.max(0, count - changed),
        );
      },
    }),

  markAllRead: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...notificationKeys.all, 'read-all'],
      mutationFn: () => client.notifications.markAllRead(),
      onSuccess: () => {
        markInCache(queryClient, () => true);
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), 0);
      },
    }),
};

/** Puts a notification that arrived live at the top of the first page, once. */
export function prependNotification(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<NotificationPages>(notificationKeys.lists(), (data) => {
    if (!data?.pages[0]) return data;
    if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) {
      return data;
    }
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest],
    };
  });
}
