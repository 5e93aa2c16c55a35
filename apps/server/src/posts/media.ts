import { createHash } from 'node:crypto';
import { sniffMediaType } from '@whisp/api-client/contract';
import sharp from 'sharp';
import {
  type ImageType,
  MAX_INPUT_PIXELS,
  type ProcessedImage,
  UnreadableImageError,
} from '../media/images.js';

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
 * Re-encodes a whisp's image as WebP within 2048 px, keeping its shape (an avatar is cropped to a
 * square; a photo in a whisp is not). As for avatars, only pixels survive: no EXIF or location.
 */
export async function toPostImage(
  input: Buffer | string,
  type: ImageType,
): Promise<ProcessedImage> {
  let output: Buffer;
  try {
    // A path is read by sharp from disk: an upload waiting in a temporary file stays there.
    output = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: type === 'gif' || type === 'webp',
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: POST_IMAGE_MAX_EDGE,
        height: POST_IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
  return { key: keyFor(output, 'webp'), bytes: output, contentType: 'image/webp' };
}

/** Named by the hash of its bytes, like every stored file, so equal uploads share one file. */
export function keyFor(bytes: Buffer, extension: string) {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/** `/media/<key>` (or a full URL ending so) → the key; anything else → undefined. */
export function mediaKeyFromUrl(url: string): string | undefined {
  return /(?:^|\/)media\/([a-f0-9]{64}\.(?:webp|png|jpg|gif|mp4|webm))$/.exec(url)?.[1];
}
