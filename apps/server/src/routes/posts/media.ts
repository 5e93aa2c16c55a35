import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  MEGABYTE,
  mediaUploadResponse,
  POST_IMAGE_MAX_BYTES,
  POST_MEDIA_MAX_IMAGES,
  POST_VIDEO_MAX_BYTES,
} from '@whisp/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { mediaUrl } from '../../http/user-shapes.js';
import { type ImageType, sniffImageType, UnreadableImageError } from '../../media/images.js';
import { spoolToFile, temporaryFiles } from '../../media/uploads.js';
import {
  imageDetails,
  type PostImage,
  sniffVideoType,
  TooManyFramesError,
  toPostImage,
  type VideoType,
} from '../../posts/media.js';
import { asFormError } from '../users/images.js';

/** An upload waiting in its temporary file, recognised from its first bytes. */
type Upload =
  | { kind: 'image'; type: ImageType; path: string }
  | { kind: 'video'; type: VideoType; path: string; sha256: string };

/** Each `media` part written to its own temporary file as it arrives; nothing held whole. */
async function readUploads(
  request: FastifyRequest,
  temporary: ReturnType<typeof temporaryFiles>,
): Promise<Upload[]> {
  if (!request.isMultipart()) {
    throw apiError('mediaNotMultipart');
  }
  const uploads: Upload[] = [];
  try {
    // One more file than allowed is read only to say "too many" rather than to drop it silently.
    const parts = request.files({
      limits: { files: POST_MEDIA_MAX_IMAGES + 1, fileSize: POST_VIDEO_MAX_BYTES },
    });
    for await (const part of parts) {
      if (part.fieldname !== 'media') {
        part.file.resume();
        continue;
      }
      const file = await spoolToFile(part.file, await temporary.next());
      if (file.truncated) throw apiError('videoTooLarge');
      const image = sniffImageType(file.head);
      const video = image ? undefined : sniffVideoType(file.head);
      if (image) {
        if (file.size > POST_IMAGE_MAX_BYTES) throw apiError('postImageTooLarge');
        uploads.push({ kind: 'image', type: image, path: file.path });
      } else if (video) {
        uploads.push({ kind: 'video', type: video, path: file.path, sha256: file.sha256 });
      } else {
        throw apiError('notMedia');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw apiError('videoTooLarge');
    if (code === 'FST_FILES_LIMIT') throw apiError('tooManyMedia');
    throw asFormError(error);
  }
  return uploads;
}

async function decodeImage(path: string, type: ImageType) {
  try {
    return await toPostImage(path, type);
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

export const mediaUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts } = app.repositories;

  app.post(
    '/media',
    {
      schema: {
        summary: `Upload media for a whisp: up to ${POST_MEDIA_MAX_IMAGES} images (${POST_IMAGE_MAX_BYTES / MEGABYTE} MB each) or one MP4/WebM video (${POST_VIDEO_MAX_BYTES / MEGABYTE} MB), in "media" parts`,
        consumes: ['multipart/form-data'],
        response: {
          200: mediaUploadResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 413, 415),
        },
      },
    },
    async (request) => {
      const temporary = temporaryFiles(app.mediaStorage);
      try {
        const uploads = await readUploads(request, temporary);
        if (uploads.length === 0) throw apiError('noMedia');
        const videos = uploads.filter((upload) => upload.kind === 'video').length;
        if (uploads.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && uploads.length > 1)) {
          throw apiError('tooManyMedia');
        }

        // Every image is decoded before anything is stored: a request refused for its third
        // image must not leave the first two behind.
        const files: ({ key: string } & (
          | { kind: 'image'; image: PostImage }
          | { kind: 'video'; path: string }
        ))[] = [];
        for (const upload of uploads) {
          if (upload.kind === 'image') {
            const image = await decodeImage(upload.path, upload.type);
            files.push({ kind: 'image', key: image.key, image });
          } else {
            // Stored as sent, named by the hash of its bytes: re-encoding video needs ffmpeg,
            // which this server does not carry.
            const key = `${upload.sha256}.${upload.type}`;
            files.push({ kind: 'video', key, path: upload.path });
          }
        }
        const keys: string[] = [];
        for (const file of files) {
          // Stored before it is recorded, so a recorded upload never names a missing file.
          if (file.kind === 'image') {
            const { image } = file;
            await app.mediaStorage.put(image.preview.key, image.preview.bytes);
            await app.mediaStorage.put(image.key, image.bytes);
            await posts.recordMedia(request.member.id, image.key, 'image', imageDetails(image));
          } else {
            await app.mediaStorage.putFile(file.key, file.path);
            await posts.recordMedia(request.member.id, file.key, 'video');
          }
          keys.push(file.key);
        }
        return { success: true as const, media_urls: keys.map((key) => mediaUrl(key) as string) };
      } finally {
        // Whatever was not moved into place: refused, undecodable, or the request failed.
        await temporary.removeAll();
      }
    },
  );
};
