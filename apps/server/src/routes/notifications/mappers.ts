import { NOTIFICATION_MESSAGES, type notificationSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { NotificationRow } from '../../db/repositories/notifications.js';
import { toUserSummary } from '../../http/user-shapes.js';

export type NotificationShape = z.infer<typeof notificationSchema>;

/** `publicUrl`: WHISP_PUBLIC_URL (app.publicUrl), under which local actors' pages are. */
export function toNotification(row: NotificationRow, publicUrl: string): NotificationShape {
  return {
    id: row.id,
    notification_type: row.type,
    is_read: row.is_read,
    created_at: row.created_at.toISOString(),
    actor: toUserSummary(
      {
        id: row.actor_id,
        username: row.actor_username,
        display_name: row.actor_display_name,
        avatar_key: row.actor_avatar_key,
        is_verified: row.actor_is_verified,
        host: row.actor_host,
        profile_url: row.actor_profile_url,
        actor_uri: row.actor_actor_uri,
      },
      publicUrl,
    ),
    // A moderation notice says what was done and why in words of its own.
    message: row.message ?? NOTIFICATION_MESSAGES[row.type],
    post:
      row.post_id && row.post_content !== null
        ? { id: row.post_id, content: row.post_content }
        : null,
  };
}
