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
import { keyFor, sniffVideoType, toPostImage, type VideoType } from '../../posts/media.js';
import { asFormError } from '../users/images.js';

type Upload =
  | { kind: 'image'; type: ImageType; bytes: Buffer }
  | { kind: 'video'; type: VideoType; bytes: Buffer };

async function readUploads(request: FastifyRequest): Promise<Upload[]> {
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
      const bytes = await part.toBuffer();
      const image = sniffImageType(bytes);
      const video = image ? undefined : sniffVideoType(bytes);
      if (image) {
        if (bytes.length > POST_IMAGE_MAX_BYTES) throw apiError('postImageTooLarge');
        uploads.push({ kind: 'image', type: image, bytes });
      } else if (video) {
        uploads.push({ kind: 'video', type: video, bytes });
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

async function decodeImage(bytes: Buffer, type: ImageType) {
  try {
    return await toPostImage(bytes, type);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    // A decompression bomb is refused before decoding; saying so beats "could not be read".
    if (/pixel limit/i.test(error.message)) throw apiError('tooManyPixels');
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
      const uploads = await readUploads(request);
      if (uploads.length === 0) throw apiError('noMedia');
      const videos = uploads.filter((upload) => upload.kind === 'video').length;
      if (uploads.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && uploads.length > 1)) {
        throw apiError('tooManyMedia');
      }

      // Every image is decoded before anything is stored: a request refused for its third image
      // must not leave the first two behind.
      const files: { key: string; bytes: Buffer; kind: Upload['kind'] }[] = [];
      for (const upload of uploads) {
        if (upload.kind === 'image') {
          files.push({ ...(await decodeImage(upload.bytes, upload.type)), kind: 'image' });
        } else {
          // Stored as sent: re-encoding video needs ffmpeg, which this server does not carry.
          files.push({
            key: keyFor(upload.bytes, upload.type),
            bytes: upload.bytes,
            kind: 'video',
          });
        }
      }
      const keys: string[] = [];
      for (const { key, bytes, kind } of files) {
        // Stored before it is recorded, so a recorded upload never names a missing file.
        await app.mediaStorage.put(key, bytes);
        await posts.recordMedia(request.member.id, key, kind);
        keys.push(key);
      }
      return { success: true as const, media_urls: keys.map((key) => mediaUrl(key) as string) };
    },
  );
};
