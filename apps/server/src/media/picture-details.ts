import { MEDIA_PREVIEW_MAX_SIDE } from '@whisp/api-client/contract';
import { encode } from 'blurhash';
import sharp from 'sharp';

// The blurhash is computed from a tiny copy: its few components only carry the broad colours,
// and encoding scales with the pixels given (32 px on the long side: ~1,000 pixels, under 1 ms).
const BLURHASH_SAMPLE_SIDE = 32;
// 4 × 3 components: the format's own suggestion for a landscape picture, 28 characters.
const BLURHASH_COMPONENTS_X = 4;
const BLURHASH_COMPONENTS_Y = 3;

/**
 * A still WebP of at most MEDIA_PREVIEW_MAX_SIDE on its long side, from a stored picture's
 * bytes: an animation gives its first frame (sharp reads one page unless told otherwise), which
 * is also what an app shows while motion is held still.
 */
export function previewOf(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize({
      width: MEDIA_PREVIEW_MAX_SIDE,
      height: MEDIA_PREVIEW_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 75 })
    .toBuffer();
}

/** The blurhash of a stored picture (its first frame, for an animation). */
export async function blurhashOf(picture: Buffer): Promise<string> {
  const { data, info } = await sharp(picture)
    .resize({ width: BLURHASH_SAMPLE_SIDE, height: BLURHASH_SAMPLE_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encode(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    BLURHASH_COMPONENTS_X,
    BLURHASH_COMPONENTS_Y,
  );
}
