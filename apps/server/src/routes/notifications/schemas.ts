import { z } from 'zod';
import type { NotificationRow } from '../../db/repositories/notifications.js';
import type { NotificationType } from '../../db/schema.js';
import { toUserSummary, userSummarySchema } from '../../http/user-shapes.js';

// The same words as the client's mocks, so a story shows what the real server says.
const MESSAGES: Record<NotificationType, string> = {
  like: 'liked your whisp',
  follow: 'started following you',
  rewhisp: 'rewhisped your whisp',
  reply: 'replied to your whisp',
  mention: 'mentioned you in a whisp',
  direct_message: 'sent you a message',
};

export const notificationSchema = z.object({
  id: z.string(),
  notification_type: z.enum(['like', 'follow', 'rewhisp', 'reply', 'mention', 'direct_message']),
  is_read: z.boolean(),
  created_at: z.string(),
  actor: userSummarySchema,
  message: z.string(),
  post: z.object({ id: z.string(), content: z.string() }).nullable(),
});

export type NotificationShape = z.infer<typeof notificationSchema>;

export function toNotification(row: NotificationRow): NotificationShape {
  return {
    id: row.id,
    notification_type: row.type,
    is_read: row.is_read,
    created_at: row.created_at.toISOString(),
    actor: toUserSummary({
      id: row.actor_id,
      username: row.actor_username,
      display_name: row.actor_display_name,
      avatar_key: row.actor_avatar_key,
      is_verified: row.actor_is_verified,
    }),
    message: MESSAGES[row.type],
    post:
      row.post_id && row.post_content !== null
        ? { id: row.post_id, content: row.post_content }
        : null,
  };
}
