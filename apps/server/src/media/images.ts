import { createHash } from 'node:crypto';
import { type ImageMediaType, sniffMediaType } from '@whisp/api-client/contract';
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

const imageTypes: Record<ImageMediaType, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Recognises an image by its first bytes (the contract's sniffer), never by its name or declared
 * type: the first gate before sharp decodes it.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  const type = sniffMediaType(bytes);
  return type && type in imageTypes ? imageTypes[type as ImageMediaType] : undefined;
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
  input: Buffer | string,
  type: ImageType,
  size: DisplaySize,
): Promise<ProcessedImage> {
  let output: Buffer;
  try {
    // A path is read by sharp from disk: an upload waiting in a temporary file stays there.
    output = await sharp(input, {
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
