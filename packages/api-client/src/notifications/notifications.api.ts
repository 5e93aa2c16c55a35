import type { ApiContext, DataBody } from '../http/context.js';
import type { Id, Notification } from '../models.js';

export interface NotificationPage {
  notifications: Notification[];
  unread_count: number;
}

export interface NotificationQuery {
  limit?: number;
  /** A notification id: only older ones come back. */
  before?: Id;
}

export function createNotificationsApi({ request, media }: ApiContext) {
  return {
    /** GET /api/notifications: newest first, with the member's unread count. */
    list: async (
      query: NotificationQuery = {},
      signal?: AbortSignal,
    ): Promise<NotificationPage> => {
      const { data } = await request<DataBody<NotificationPage>>('/api/notifications', {
        query: { limit: query.limit, before: query.before },
        signal,
      });
      return {
        notifications: data.notifications.map(media.notification),
        unread_count: data.unread_count,
      };
    },

    /** PATCH /api/notifications/{id}/read: someone else's is a 404. */
    markRead: async (id: Id): Promise<void> => {
      await request(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
    },

    /** PATCH /api/notifications/read-all: how many changed. */
    markAllRead: async () =>
      (
        await request<DataBody<{ updated: number }>>('/api/notifications/read-all', {
          method: 'PATCH',
        })
      ).data,
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
