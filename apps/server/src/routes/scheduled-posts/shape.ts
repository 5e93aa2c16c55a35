import type { scheduledWhispSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { ScheduledPostRow } from '../../db/repositories/scheduled-posts.js';
import { type StoredMediaDetails, toPostMedia } from '../../posts/media-items.js';

export type ScheduledWhispShape = z.infer<typeof scheduledWhispSchema>;

/** A scheduled whisp as its author reads it; `details` are its uploads', in key order. */
export function toScheduledWhisp(
  row: ScheduledPostRow,
  details: readonly (StoredMediaDetails | null | undefined)[],
): ScheduledWhispShape {
  return {
    id: row.id,
    scheduled_at: row.scheduled_at.toISOString(),
    content: row.content,
    content_warning: row.content_warning,
    media: toPostMedia(row.media_keys, row.media_alts, details),
    poll: row.poll
      ? { options: row.poll.options, expires_in: row.poll.expires_in, multiple: row.poll.multiple }
      : null,
    reply_settings: { can_reply: row.can_reply, can_repost: row.can_repost },
    created_at: row.created_at.toISOString(),
  };
}
