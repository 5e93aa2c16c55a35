import type { Readable } from 'node:stream';
import { POST_MEDIA_MAX_IMAGES, POST_VIDEO_MAX_BYTES } from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../http/api-error.js';
import { UnreadableImageError } from '../../media/images.js';
import {
  type PostMediaFile,
  type PreparedPostMedia,
  postMediaDetails,
  preparePostMedia,
  putPostMedia,
  recognizePostMedia,
} from '../../media/post-media-files.js';
import { spoolToFile, type temporaryFiles } from '../../media/uploads.js';
import { TooManyFramesError } from '../../posts/media.js';
import { asFormError } from '../users/images.js';

// What a member may upload for whisps, checked and stored the same way whichever API it comes
// through: Whisp's own (./media.ts) and the Mastodon client API's (../mastodon/media.ts). Only
// how the form names its parts differs between them.

/** An upload waiting in its temporary file, recognised from its first bytes. */
export type MediaUpload = PostMediaFile;

/** An upload stored and recorded as the member's (a post_media row). */
export interface StoredMedia {
  key: string;
  kind: 'image' | 'video';
}

/**
 * The size limit to give the form parser for a file part: a video's. An image's smaller limit is
 * checked once the file is on disk and known to be an image.
 */
export const MEDIA_PART_MAX_BYTES = POST_VIDEO_MAX_BYTES;

/**
 * One file part written to its own temporary file as it arrives (nothing held whole), and
 * recognised: an image (JPEG, PNG, GIF, WebP) or a video (MP4, WebM) within its size, else refused.
 */
export async function spoolMedia(
  file: Readable & { truncated?: boolean },
  temporary: ReturnType<typeof temporaryFiles>,
): Promise<MediaUpload> {
  const spooled = await spoolToFile(file, await temporary.next());
  if (spooled.truncated) throw apiError('videoTooLarge');
  const upload = recognizePostMedia(spooled);
  if (typeof upload === 'string') throw apiError(upload);
  return upload;
}

/** A failure while a media form was read, in Whisp's words (the parser's limits included). */
export function asMediaFormError(error: unknown) {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return apiError('videoTooLarge');
  if (code === 'FST_FILES_LIMIT') return apiError('tooManyMedia');
  return asFormError(error);
}

async function prepare(upload: MediaUpload) {
  try {
    return await preparePostMedia(upload);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    // A decompression bomb is refused before decoding; saying so beats "could not be read".
    // An animation of too many frames is one too.
    if (error instanceof TooManyFramesError || /pixel limit/i.test(error.message)) {
      throw apiError('tooManyPixels');
    }
    throw apiError('unreadableImage');
  }
}

/**
 * One request's uploads, checked together (at least one; at most POST_MEDIA_MAX_IMAGES images or
 * one video), then stored and recorded as the member's, in order. The caller removes the
 * temporary files afterwards, whatever happened.
 */
export async function storeMedia(
  app: FastifyInstance,
  memberId: string,
  uploads: readonly MediaUpload[],
): Promise<StoredMedia[]> {
  if (uploads.length === 0) throw apiError('noMedia');
  const videos = uploads.filter((upload) => upload.kind === 'video').length;
  if (uploads.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && uploads.length > 1)) {
    throw apiError('tooManyMedia');
  }

  // Every image is decoded before anything is stored: a request refused for its third image must
  // not leave the first two behind.
  const files: PreparedPostMedia[] = [];
  for (const upload of uploads) files.push(await prepare(upload));
  const { posts } = app.repositories;
  const stored: StoredMedia[] = [];
  for (const file of files) {
    // Stored before it is recorded, so a recorded upload never names a missing file.
    await putPostMedia(app.mediaStorage, file);
    await posts.recordMedia(memberId, file.key, file.kind, postMediaDetails(file));
    stored.push({ key: file.key, kind: file.kind });
  }
  return stored;
}
