import {
  MASTODON_MESSAGES,
  MASTODON_SCHEDULE_MESSAGES,
  type mastodonStatusEditWithMediaBody,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { loadPost } from '../posts/load.js';

// The media of an edit (PUT /api/v1/statuses/{id}, Mastodon 4.0+: `media_ids` and
// `media_attributes[][id|description|focus]`). Whisp's edit (POST /api/posts/{id}, posts.edit)
// rewrites a whisp's text and warning only: its media and their descriptions stay as posted.
// Apps send them back with every edit, so what is unchanged passes and a change is refused (422)
// rather than dropped without a word. A focal point is taken and ignored: Whisp shows pictures
// whole.

type EditBody = z.output<typeof mastodonStatusEditWithMediaBody>;

const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

/** A description as a whisp keeps it: blank is none (./media.ts). */
const storedDescription = (description: string | null | undefined) =>
  description?.trim() ? description : null;

/** Throws 422 unless the edit leaves the whisp's attachments and descriptions as they are. */
export async function checkMediaUnchanged(
  app: FastifyInstance,
  memberId: string,
  postId: string,
  { media_ids: mediaIds, media_attributes: attributes }: EditBody,
) {
  if (mediaIds === undefined && (attributes === undefined || attributes.length === 0)) return;
  const current = (await app.repositories.mastodon.postIds([postId])).get(postId)?.media_ids ?? [];
  if (mediaIds !== undefined) {
    const unchanged =
      current.length === mediaIds.length && current.every((id, i) => id === mediaIds[i]);
    if (!unchanged) throw unprocessable(MASTODON_MESSAGES.mediaUnchangeable);
  }
  if (attributes === undefined || attributes.length === 0) return;
  const { media } = await loadPost(app, memberId, postId);
  for (const attribute of attributes) {
    const index = current.indexOf(attribute.id);
    if (index < 0) throw unprocessable(MASTODON_MESSAGES.mediaUnchangeable);
    if (attribute.description === undefined) continue;
    const kept = media[index]?.alt ?? null;
    if (storedDescription(attribute.description) !== storedDescription(kept)) {
      throw unprocessable(MASTODON_SCHEDULE_MESSAGES.descriptionUnchangeable);
    }
  }
}
