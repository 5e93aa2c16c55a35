import { mediaKindOf } from '../contract/media-types.js';
import type { PostMedia } from '../models.js';
import type { PictureHeader } from './picture-header.js';

/** What `media[]` tells about a file besides its URL and description. */
export type MediaDetails = Omit<PostMedia, 'url' | 'alt'>;

/**
 * The mocks cannot blur a picture, so every picture they serve shows this one placeholder: a
 * valid blurhash (4×3 components, from the format's own documentation) of soft warm greys.
 */
export const MOCK_BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';

/** A file the mocks know nothing more about: its kind from its name, no size or placeholder. */
export function unknownMediaDetails(url: string): MediaDetails {
  return { kind: mediaKindOf(url), width: null, height: null, preview_url: null, blurhash: null };
}

/** One entry of `media[]`: the file's details where known, else what its name tells. */
export function postMediaOf(
  url: string,
  alt: string | null,
  details: MediaDetails | undefined,
): PostMedia {
  return { url, alt, ...(details ?? unknownMediaDetails(url)) };
}

/** The size the mocks draw seeded photos at (their placeholders are SVGs of this size). */
export const SEEDED_PHOTO_SIZE = { width: 1200, height: 800 } as const;

/**
 * A picture whose size is known: the mocks cannot shrink it, so it is its own preview, and it
 * paints MOCK_BLURHASH while it loads.
 */
export function pictureDetails(
  url: string,
  size: { width: number; height: number },
  kind: 'image' | 'animated' = 'image',
): MediaDetails {
  return {
    kind,
    width: size.width,
    height: size.height,
    preview_url: url,
    blurhash: MOCK_BLURHASH,
  };
}

/** Details for a file known only by its URL: a picture is taken to be a seeded-size photo. */
export function sampleMediaDetails(url: string): MediaDetails {
  return mediaKindOf(url) === 'video'
    ? unknownMediaDetails(url)
    : pictureDetails(url, SEEDED_PHOTO_SIZE);
}

/** A picture uploaded to the mocks, served as sent: animated when its bytes say so. */
export function uploadedPictureDetails(url: string, picture: PictureHeader): MediaDetails {
  return pictureDetails(url, picture, picture.animated ? 'animated' : 'image');
}
