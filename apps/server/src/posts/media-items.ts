import { mediaKindOf, type postMediaSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import { mediaUrl } from '../http/user-shapes.js';

export type PostMediaShape = z.infer<typeof postMediaSchema>;

/**
 * What post_media keeps about one upload (0016_media_details.sql). Null fields: a video, or an
 * upload recorded before the details were; the whole entry is null where no row matched.
 */
export interface StoredMediaDetails {
  animated: boolean;
  width: number | null;
  height: number | null;
  preview_key: string | null;
  blurhash: string | null;
}

/**
 * A whisp's `media[]`: its keys in order, each with its description and the details of its
 * upload. The kind of a video comes from its extension, so a video is never "animated".
 */
export function toPostMedia(
  keys: readonly string[],
  alts: readonly (string | null)[],
  details: readonly (StoredMediaDetails | null | undefined)[],
): PostMediaShape[] {
  return keys.map((key, index) => {
    const url = mediaUrl(key) as string;
    const stored = details[index];
    const video = mediaKindOf(url) === 'video';
    return {
      url,
      alt: alts[index] ?? null,
      kind: video ? 'video' : stored?.animated ? 'animated' : 'image',
      width: stored?.width ?? null,
      height: stored?.height ?? null,
      preview_url: mediaUrl(stored?.preview_key ?? null),
      blurhash: stored?.blurhash ?? null,
    };
  });
}
