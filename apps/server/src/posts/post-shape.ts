import type { postSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { HydratedPost, PostRow } from '../db/repositories/posts.js';
import { mediaUrl, toUserSummary } from '../http/user-shapes.js';
import { toPostMedia } from './media-items.js';
import { toPollShape } from './poll-shape.js';

export type PostShape = z.infer<typeof postSchema>;

// The original rides in as an argument so that each shape is one object literal: spreading one
// object into another to add `rewhisp_of` copied every field again, about 1.7 µs a whisp, more
// than the rest of the shaping.
function toShape<Original extends PostShape['rewhisp_of']>(
  row: PostRow,
  rewhispOf: Original,
  publicUrl: string,
) {
  const mediaUrls = row.media_keys.map((key) => mediaUrl(key) as string);
  return {
    id: row.id,
    author: toUserSummary(
      {
        id: row.author_id,
        username: row.username,
        display_name: row.display_name,
        avatar_key: row.avatar_key,
        is_verified: row.is_verified,
        host: row.host,
        profile_url: row.profile_url,
        actor_uri: row.actor_uri,
      },
      publicUrl,
    ),
    content: row.content,
    created_at: row.created_at,
    updated_at: row.updated_at,
    media_urls: mediaUrls,
    media: toPostMedia(row.media_keys, row.media_alts, row.media_details),
    hashtags: row.hashtags,
    mentions: row.mentions,
    reply_count: Number(row.reply_count),
    rewhisp_count: Number(row.rewhisp_count),
    like_count: Number(row.like_count),
    is_liked: Boolean(row.is_liked),
    is_rewhisped: Boolean(row.is_rewhisped),
    is_bookmarked: Boolean(row.is_bookmarked),
    is_reply: row.is_reply,
    reply_to_id: row.reply_to_id,
    reply_settings: { can_reply: row.can_reply, can_repost: row.can_repost },
    content_warning: row.content_warning,
    poll: toPollShape(row),
    edited_at: row.edited_at,
    rewhisp_of: rewhispOf,
  };
}

/** `publicUrl`: WHISP_PUBLIC_URL (app.publicUrl), under which local authors' pages are. */
export function toPost({ row, original }: HydratedPost, publicUrl: string): PostShape {
  return toShape(row, original ? toShape(original, null, publicUrl) : null, publicUrl);
}
