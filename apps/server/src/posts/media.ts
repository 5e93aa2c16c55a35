import { createHash } from 'node:crypto';
import { MEDIA_PREVIEW_MAX_SIDE, sniffMediaType } from '@whisp/api-client/contract';
import sharp from 'sharp';
import {
  type ImageType,
  MAX_INPUT_PIXELS,
  type ProcessedImage,
  UnreadableImageError,
} from '../media/images.js';
import { blurhashOf, previewOf } from '../media/picture-details.js';
import type { StoredMediaDetails } from './media-items.js';

export type VideoType = 'mp4' | 'webm';

/** The video container these bytes are (by the contract's sniffer), or undefined. */
export function sniffVideoType(bytes: Buffer): VideoType | undefined {
  const type = sniffMediaType(bytes);
  if (type === 'video/mp4') return 'mp4';
  if (type === 'video/webm') return 'webm';
  return undefined;
}

// Large enough for a sharp full-screen view on a phone or laptop, small enough to load quickly.
const POST_IMAGE_MAX_EDGE = 2048;

/**
 * An animation may have at most this many frames (a minute at 10 frames a second). With
 * MAX_INPUT_PIXELS, which sharp counts over all frames together, it bounds the work: a file of
 * thousands of tiny frames stays under the pixel limit yet takes long to re-encode.
 */
export const MAX_ANIMATION_FRAMES = 600;

/** Refused before decoding, as a decompression bomb is: "too many pixels" to the sender. */
export class TooManyFramesError extends UnreadableImageError {
  override name = 'TooManyFramesError';
}

/** A whisp's picture as stored, with what `media[]` tells about it. */
export interface PostImage extends ProcessedImage {
  /** More than one frame: kept as an animated WebP, `media[].kind` "animated". */
  animated: boolean;
  /** Of the stored picture (one frame's, for an animation). */
  width: number;
  height: number;
  /** A still WebP within MEDIA_PREVIEW_MAX_SIDE, stored beside it under its own key. */
  preview: { key: string; bytes: Buffer };
  blurhash: string;
}

/**
 * Re-encodes a whisp's image as WebP within 2048 px, keeping its shape (an avatar is cropped to a
 * square; a photo in a whisp is not). As for avatars, only pixels survive: no EXIF or location.
 * An animated GIF or WebP keeps its frames and their delays; a GIF of one frame is a still.
 */
export async function toPostImage(input: Buffer | string, type: ImageType): Promise<PostImage> {
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    // A path is read by sharp from disk: an upload waiting in a temporary file stays there.
    const image = sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: type === 'gif' || type === 'webp',
      failOn: 'error',
    });
    // The header alone tells the frames: refused before any of them is decoded.
    const { pages = 1 } = await image.metadata();
    if (pages > MAX_ANIMATION_FRAMES) {
      throw new TooManyFramesError(`${pages} frames; at most ${MAX_ANIMATION_FRAMES}`);
    }
    output = await image
      .rotate()
      .resize({
        width: POST_IMAGE_MAX_EDGE,
        height: POST_IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError((error as Error).message);
  }
  const { data, info } = output;
  // An animation's frames are stacked in one tall image; each frame is pageHeight high.
  return describeStoredPicture(data, {
    width: info.width,
    height: info.pageHeight ?? info.height,
    animated: (info.pages ?? 1) > 1,
  });
}

/**
 * A stored WebP with its preview and blurhash. Details come from the stored picture (already
 * turned upright and shrunk), not the upload. A still that is already small enough is its own
 * preview: one file, not two.
 */
export async function describeStoredPicture(
  data: Buffer,
  { width, height, animated }: { width: number; height: number; animated: boolean },
): Promise<PostImage> {
  const key = keyFor(data, 'webp');
  const small = !animated && Math.max(width, height) <= MEDIA_PREVIEW_MAX_SIDE;
  const [preview, blurhash] = await Promise.all([small ? data : previewOf(data), blurhashOf(data)]);
  return {
    key,
    bytes: data,
    contentType: 'image/webp',
    animated,
    width,
    height,
    preview: { key: small ? key : keyFor(preview, 'webp'), bytes: preview },
    blurhash,
  };
}

/** What post_media keeps about a processed picture. */
export function imageDetails(image: PostImage): StoredMediaDetails {
  return {
    animated: image.animated,
    width: image.width,
    height: image.height,
    preview_key: image.preview.key,
    blurhash: image.blurhash,
  };
}

/** Named by the hash of its bytes, like every stored file, so equal uploads share one file. */
export function keyFor(bytes: Buffer, extension: string) {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/** `/media/<key>` (or a full URL ending so) → the key; anything else → undefined. */
export function mediaKeyFromUrl(url: string): string | undefined {
  return /(?:^|\/)media\/([a-f0-9]{64}\.(?:webp|png|jpg|gif|mp4|webm))$/.exec(url)?.[1];
}
