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
import { temporaryFiles } from '../../media/uploads.js';
import {
  asMediaFormError,
  MEDIA_PART_MAX_BYTES,
  type MediaUpload,
  spoolMedia,
  storeMedia,
} from './uploads.js';

/** Each `media` part written to its own temporary file as it arrives; nothing held whole. */
async function readUploads(
  request: FastifyRequest,
  temporary: ReturnType<typeof temporaryFiles>,
): Promise<MediaUpload[]> {
  if (!request.isMultipart()) {
    throw apiError('mediaNotMultipart');
  }
  const uploads: MediaUpload[] = [];
  try {
    // One more file than allowed is read only to say "too many" rather than to drop it silently.
    const parts = request.files({
      limits: { files: POST_MEDIA_MAX_IMAGES + 1, fileSize: MEDIA_PART_MAX_BYTES },
    });
    for await (const part of parts) {
      if (part.fieldname !== 'media') {
        part.file.resume();
        continue;
      }
      uploads.push(await spoolMedia(part.file, temporary));
    }
  } catch (error) {
    throw asMediaFormError(error);
  }
  return uploads;
}

export const mediaUploadRoutes: FastifyPluginAsyncZod = async (app) => {
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
        const stored = await storeMedia(
          app,
          request.member.id,
          await readUploads(request, temporary),
        );
        return {
          success: true as const,
          media_urls: stored.map(({ key }) => mediaUrl(key) as string),
        };
      } finally {
        // Whatever was not moved into place: refused, undecodable, or the request failed.
        await temporary.removeAll();
      }
    },
  );
};
