import { NOTIFICATION_MESSAGES, type notificationSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { NotificationRow } from '../../db/repositories/notifications.js';
import { toUserSummary } from '../../http/user-shapes.js';

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
    // A moderation notice says what was done and why in words of its own.
    message: row.message ?? NOTIFICATION_MESSAGES[row.type],
    post:
      row.post_id && row.post_content !== null
        ? { id: row.post_id, content: row.post_content }
        : null,
  };
}
