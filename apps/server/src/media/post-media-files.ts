import { POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES } from '@whisp/api-client/contract';
import {
  imageDetails,
  type PostImage,
  sniffVideoType,
  toPostImage,
  type VideoType,
} from '../posts/media.js';
import type { StoredMediaDetails } from '../posts/media-items.js';
import { type ImageType, sniffImageType } from './images.js';
import type { MediaStorage } from './storage.js';

// A whisp's picture or video is checked, decoded and stored by these same steps whether a member
// uploaded it (routes/posts/uploads.ts) or another server's whisp carried it
// (federation/remote-attachments.ts): one set of rules for what a whisp may show.

/** A whisp's file waiting in a temporary file, recognised from its first bytes. */
export type PostMediaFile =
  | { kind: 'image'; type: ImageType; path: string }
  | { kind: 'video'; type: VideoType; path: string; sha256: string };

/** Why a file is not a whisp's media; each is also the name of the API's error for an upload. */
export type PostMediaRefusal = 'notMedia' | 'postImageTooLarge' | 'videoTooLarge';

/**
 * The most a whisp's file may weigh, known from its first bytes: an image's limit or a video's;
 * undefined when the bytes are neither. Lets a download stop as soon as it is too large.
 */
export function postMediaMaxBytes(head: Buffer): number | undefined {
  if (sniffImageType(head)) return POST_IMAGE_MAX_BYTES;
  if (sniffVideoType(head)) return POST_VIDEO_MAX_BYTES;
  return undefined;
}

/**
 * What a file written to `path` is, by its first bytes and never by a name or a declared type:
 * an image (JPEG, PNG, GIF, WebP) or a video (MP4, WebM) within its size, else why not.
 */
export function recognizePostMedia(file: {
  path: string;
  head: Buffer;
  size: number;
  sha256: string;
}): PostMediaFile | PostMediaRefusal {
  const image = sniffImageType(file.head);
  if (image) {
    if (file.size > POST_IMAGE_MAX_BYTES) return 'postImageTooLarge';
    return { kind: 'image', type: image, path: file.path };
  }
  const video = sniffVideoType(file.head);
  if (video) {
    if (file.size > POST_VIDEO_MAX_BYTES) return 'videoTooLarge';
    return { kind: 'video', type: video, path: file.path, sha256: file.sha256 };
  }
  return 'notMedia';
}

/** A whisp's file ready to store: a picture decoded and re-encoded, a video as it came. */
export type PreparedPostMedia = { key: string } & (
  | { kind: 'image'; image: PostImage }
  | { kind: 'video'; path: string }
);

/**
 * Decodes a picture into the WebP a whisp shows (with its preview and blurhash); a video is
 * named by the hash of its bytes. Throws UnreadableImageError for a picture sharp cannot read.
 */
export async function preparePostMedia(file: PostMediaFile): Promise<PreparedPostMedia> {
  if (file.kind === 'image') {
    const image = await toPostImage(file.path, file.type);
    return { kind: 'image', key: image.key, image };
  }
  // Stored as sent, named by the hash of its bytes: re-encoding video needs ffmpeg, which this
  // server does not carry.
  return { kind: 'video', key: `${file.sha256}.${file.type}`, path: file.path };
}

/**
 * Puts a prepared file (and a picture's preview) into the storage. Done before anything records
 * it, so a recorded file is never missing; a video's temporary file is moved, not copied.
 */
export async function putPostMedia(storage: MediaStorage, media: PreparedPostMedia) {
  if (media.kind === 'image') {
    await storage.put(media.image.preview.key, media.image.preview.bytes);
    await storage.put(media.image.key, media.image.bytes);
  } else {
    await storage.putFile(media.key, media.path);
  }
}

/** What post_media keeps about it: a picture's details; a video has none (no ffmpeg to read it). */
export function postMediaDetails(media: PreparedPostMedia): StoredMediaDetails | undefined {
  return media.kind === 'image' ? imageDetails(media.image) : undefined;
}

/** The stored files behind it: the file and, for a picture, its preview (maybe the same key). */
export function storedKeysOf(media: PreparedPostMedia): string[] {
  return media.kind === 'image' ? [media.key, media.image.preview.key] : [media.key];
}
