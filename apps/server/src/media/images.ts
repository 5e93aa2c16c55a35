import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/**
 * Recognises an image by its first bytes, never by its name or declared type. SVG is not on the
 * list: it is a document that can carry script.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const start = bytes.subarray(0, 6).toString('latin1');
  if (start === 'GIF87a' || start === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export interface DisplaySize {
  width: number;
  height: number;
}

export const AVATAR_SIZE: DisplaySize = { width: 400, height: 400 };
export const BANNER_SIZE: DisplaySize = { width: 1500, height: 500 };

// 40 megapixels covers any phone camera; more is a decompression bomb or nothing worth keeping.
export const MAX_INPUT_PIXELS = 40_000_000;

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export interface ProcessedImage {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Decodes the upload and encodes a fresh WebP of the display size. Only pixels survive: EXIF,
 * GPS position, ICC comments and anything hidden after the image data are left behind.
 */
export async function toDisplayImage(
  bytes: Buffer,
  type: ImageType,
  size: DisplaySize,
): Promise<ProcessedImage> {
  let output: Buffer;
  try {
    output = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // An animated GIF or WebP stays animated.
      animated: type === 'gif' || type === 'webp',
      failOn: 'error',
    })
      .rotate()
      .resize({ ...size, fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
  const key = `${createHash('sha256').update(output).digest('hex')}.webp`;
  return { key, bytes: output, contentType: 'image/webp' };
}
