import type { PostMedia } from '@whisp/api-client';

/** Panoramas and tall screenshots are cropped to this range rather than shown as slivers. */
const WIDEST = 3;
const TALLEST = 0.5;

/** Width over height from the attachment's pixels, within a readable range; undefined when unknown. */
export function aspectRatioOf(media: Pick<PostMedia, 'width' | 'height'>): number | undefined {
  if (!media.width || !media.height) return undefined;
  return Math.min(WIDEST, Math.max(TALLEST, media.width / media.height));
}
