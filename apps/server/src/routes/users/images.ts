import {
  AUTHENTICATED_ERRORS,
  AVATAR_MAX_BYTES,
  BANNER_MAX_BYTES,
  errorResponses,
  looksLikeSvg,
  MEGABYTE,
  updatedUserResponse,
} from '@whisp/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, apiError } from '../../http/api-error.js';
import { toCurrentUser } from '../../http/user-shapes.js';
import {
  AVATAR_SIZE,
  BANNER_SIZE,
  type DisplaySize,
  sniffImageType,
  toDisplayImage,
  UnreadableImageError,
} from '../../media/images.js';
import { spoolToFile, temporaryFiles } from '../../media/uploads.js';

interface ImageSlot {
  field: 'avatar' | 'banner';
  column: 'avatar_key' | 'banner_key';
  maxBytes: number;
  size: DisplaySize;
  updated: string;
}

const slots: ImageSlot[] = [
  {
    field: 'avatar',
    column: 'avatar_key',
    maxBytes: AVATAR_MAX_BYTES,
    size: AVATAR_SIZE,
    updated: 'Avatar updated',
  },
  {
    field: 'banner',
    column: 'banner_key',
    maxBytes: BANNER_MAX_BYTES,
    size: BANNER_SIZE,
    updated: 'Banner updated',
  },
];

/** The upload, written to a temporary file as it arrives (never held whole in memory). */
async function readUpload(request: FastifyRequest, slot: ImageSlot, path: () => Promise<string>) {
  if (!request.isMultipart()) {
    throw apiError('imageNotMultipart', slot.field);
  }
  try {
    const part = await request.file({ limits: { fileSize: slot.maxBytes, files: 1 } });
    if (!part) throw apiError('noImage');
    if (part.fieldname !== slot.field) {
      part.file.resume();
      throw apiError('imageInWrongField', slot.field);
    }
    const file = await spoolToFile(part.file, await path());
    if (file.truncated) throw apiError('imageFileTooLarge', slot.maxBytes);
    return file;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw apiError('imageFileTooLarge', slot.maxBytes);
    }
    throw asFormError(error);
  }
}

/**
 * The form parser (busboy) throws plain errors for a form it cannot read: no boundary, a body cut
 * short, a broken part header. Reading the request is all that failed, so it is the sender's
 * fault (400), not ours (500). Errors that already carry a status keep it.
 */
export function asFormError(error: unknown) {
  if (
    error instanceof ApiError ||
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  ) {
    return error;
  }
  return apiError('malformedForm');
}

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;

  for (const slot of slots) {
    app.post(
      `/${slot.field}`,
      {
        schema: {
          summary: `Upload a new ${slot.field} (multipart field "${slot.field}", under ${slot.maxBytes / MEGABYTE} MB)`,
          consumes: ['multipart/form-data'],
          response: {
            200: updatedUserResponse,
            ...errorResponses(...AUTHENTICATED_ERRORS, 413, 415),
          },
        },
      },
      async (request) => {
        const temporary = temporaryFiles(app.mediaStorage);
        let image: Awaited<ReturnType<typeof toDisplayImage>>;
        try {
          const upload = await readUpload(request, slot, temporary.next);
          const type = sniffImageType(upload.head);
          if (!type) {
            throw apiError(looksLikeSvg(upload.head) ? 'svgRefused' : 'notAnImage');
          }
          image = await toDisplayImage(upload.path, type, slot.size);
        } catch (error) {
          if (!(error instanceof UnreadableImageError)) throw error;
          request.log.info({ reason: error.message }, 'Refused an unreadable image');
          if (/pixel limit/i.test(error.message)) throw apiError('tooManyPixels');
          throw apiError('unreadableImage');
        } finally {
          // The upload is decoded into a new image or refused: its temporary file goes either way.
          await temporary.removeAll();
        }

        // Stored before the profile points at it, so a profile never names a missing file.
        await app.mediaStorage.put(image.key, image.bytes);
        const { user, previous } = await users.replaceImage(
          request.member.id,
          slot.column,
          image.key,
        );
        if (previous && previous !== image.key && !(await users.isImageInUse(previous))) {
          await app.mediaStorage.delete(previous);
        }
        return { success: true as const, user: toCurrentUser(user), message: slot.updated };
      },
    );
  }
};
