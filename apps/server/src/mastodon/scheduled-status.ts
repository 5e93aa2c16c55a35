import type { MastodonScheduledStatus } from '@whisp/api-client/contract/mastodon';
import type { MastodonScheduledRow } from '../db/repositories/mastodon-scheduled.js';
import { toPostMedia } from '../posts/media-items.js';
import { toMastodonAttachment } from './attachment.js';
import type { MastodonUrls } from './urls.js';

// A scheduled whisp as a Mastodon ScheduledStatus (entities/ScheduledStatus.md): `params` in
// Mastodon's keys, every one present (apps decode them strictly), each from what Whisp stored.

/**
 * The status it will be, as its author reads it. `authorIsPrivate`: a private member's whisps
 * reach their followers only, Mastodon's "private" (as ./status.ts says of a posted one).
 */
export function toMastodonScheduledStatus(
  row: MastodonScheduledRow,
  authorIsPrivate: boolean,
  urls: MastodonUrls,
): MastodonScheduledStatus {
  const media = toPostMedia(row.media_keys, row.media_alts, row.media_details);
  // Each under its upload's id; a key without an upload row has none to show it by.
  const attachments = media.flatMap((item, index) => {
    const id = row.media_ids[index];
    return id ? [{ id, attachment: toMastodonAttachment(item, id, urls) }] : [];
  });
  return {
    id: row.mastodon_id,
    scheduled_at: row.scheduled_at.toISOString(),
    params: {
      text: row.content,
      poll: row.poll
        ? {
            options: row.poll.options,
            expires_in: row.poll.expires_in,
            multiple: row.poll.multiple,
            hide_totals: false,
          }
        : null,
      media_ids: attachments.length > 0 ? attachments.map(({ id }) => id) : null,
      sensitive: row.content_warning !== null,
      spoiler_text: row.content_warning,
      visibility: authorIsPrivate ? 'private' : 'public',
      in_reply_to_id: null,
      language: null,
      application_id: null,
      idempotency: null,
      scheduled_at: null,
      with_rate_limit: false,
    },
    media_attachments: attachments.map(({ attachment }) => attachment),
  };
}
