import type { MultipartFile } from '@fastify/multipart';
import {
  MASTODON_MESSAGES,
  MASTODON_SCHEDULE_MESSAGES,
  mastodonEmptySchema,
  mastodonErrorSchema,
  mastodonMediaAttachmentSchema,
  mastodonMediaFields,
  mastodonMediaParams,
  mastodonMediaUpdateBody,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finishMediaRemovals } from '../../account-data/media-files.js';
import type { MastodonUploadRow } from '../../db/repositories/mastodon-media.js';
import { ApiError, apiError } from '../../http/api-error.js';
import { toMastodonAttachment } from '../../mastodon/attachment.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { temporaryFiles } from '../../media/uploads.js';
import { toPostMedia } from '../../posts/media-items.js';
import {
  asMediaFormError,
  MEDIA_PART_MAX_BYTES,
  type MediaUpload,
  spoolMedia,
  storeMedia,
} from '../posts/uploads.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Media (Mastodon client API 1.2, methods/media.md): an app uploads a file, may describe it, and
// names it by id in the status it posts (./statuses.ts). The file is checked, processed and stored
// as Whisp's own upload does it (../posts/uploads.ts), at once: v2 answers 200, never "still
// processing". Only the uploader may read, describe or delete an upload; anyone else finds
// nothing.

export interface MastodonMediaOptions {
  publicUrl: string;
}

const errors = {
  400: mastodonErrorSchema,
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  413: mastodonErrorSchema,
  422: mastodonErrorSchema,
};

/** A form's text fields, the first of each name (kept off any prototype). */
type FormFields = Record<string, string>;

/**
 * A multipart form's text fields, each file part given to `onFile` or else read to its end and
 * dropped. The parser's failures are answered in Whisp's words (../posts/uploads.ts).
 */
async function readMultipart(
  request: FastifyRequest,
  onFile: (part: MultipartFile) => Promise<void>,
  limits: { files: number; fileSize?: number } = { files: 1 },
): Promise<FormFields> {
  const fields: FormFields = Object.create(null);
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') await onFile(part);
      else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asMediaFormError(error);
  }
  return fields;
}

/**
 * A refusal of the file in Mastodon's terms: a file it cannot take is 422 (Mastodon's
 * "Validation failed"), with Whisp's words; too large stays 413.
 */
function asMastodonRefusal(error: unknown) {
  if (error instanceof ApiError && error.statusCode === 415) {
    return new ApiError(422, 'UNPROCESSABLE_ENTITY', error.message, error.details);
  }
  return error;
}

/** A description as stored: blank is none, as in a whisp's media[]. */
const storedDescription = (description: string | null | undefined) =>
  description?.trim() ? description : null;

export const mastodonMediaRoutes: FastifyPluginAsyncZod<MastodonMediaOptions> = async (
  app,
  { publicUrl },
) => {
  const { mastodonMedia } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  const asAttachment = (upload: MastodonUploadRow) => {
    const [media] = toPostMedia([upload.key], [upload.description], [upload]);
    if (!media) throw recordNotFound();
    return toMastodonAttachment(media, upload.mastodon_id, urls);
  };

  /** POST /api/v1/media and /api/v2/media: one `file`, an optional `description`. */
  const upload = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw asMastodonRefusal(apiError('mediaNotMultipart'));
    const temporary = temporaryFiles(app.mediaStorage);
    try {
      const uploads: MediaUpload[] = [];
      const fields = await readMultipart(
        request,
        async (part) => {
          // A second file (an app's `thumbnail`) is read past: Whisp makes its own preview.
          if (part.fieldname === 'file') uploads.push(await spoolMedia(part.file, temporary));
          else part.file.resume();
        },
        // `file` and a `thumbnail`; a third part is one too many.
        { files: 2, fileSize: MEDIA_PART_MAX_BYTES },
      );
      if (uploads.length !== 1) {
        throw new ApiError(422, 'UNPROCESSABLE_ENTITY', MASTODON_MESSAGES.mediaFileRequired);
      }
      const parsed = mastodonMediaFields.safeParse(fields);
      if (!parsed.success) {
        // Checked before anything is stored, in the words a JSON body's refusal has.
        const [issue] = parsed.error.issues;
        throw issue ? new ApiError(400, 'VALIDATION_ERROR', issue.message) : apiError('badRequest');
      }
      const [stored] = await storeMedia(app, request.member.id, uploads);
      const recorded =
        stored &&
        (await mastodonMedia.describeUpload(
          request.member.id,
          stored.key,
          storedDescription(parsed.data.description),
        ));
      if (!recorded) throw recordNotFound();
      return asAttachment(recorded);
    } catch (error) {
      throw asMastodonRefusal(error);
    } finally {
      // Whatever was not moved into place: refused, undecodable, or the request failed.
      await temporary.removeAll();
    }
  };

  for (const version of ['v1', 'v2'] as const) {
    app.post(
      `/api/${version}/media`,
      {
        config: mastodonRoute('write:media'),
        schema: {
          summary:
            version === 'v2'
              ? 'Upload an image or a video (multipart "file", "description"): processed at once, so 200 with its URL'
              : 'Upload an image or a video (multipart "file", "description"), as v2 does',
          consumes: ['multipart/form-data'],
          response: { 200: mastodonMediaAttachmentSchema, ...errors },
        },
      },
      upload,
    );
  }

  app.get(
    '/api/v1/media/:id',
    {
      config: mastodonRoute('write:media'),
      schema: {
        summary: 'An upload of the member’s (anyone else’s is not found)',
        params: mastodonMediaParams,
        response: { 200: mastodonMediaAttachmentSchema, ...errors },
      },
    },
    async (request) => {
      const found = await mastodonMedia.find(request.member.id, request.params.id);
      if (!found) throw recordNotFound();
      return asAttachment(found);
    },
  );

  app.put(
    '/api/v1/media/:id',
    {
      config: mastodonRoute('write:media'),
      // megalodon sends this as a multipart form: its text fields become the body, validated as
      // JSON and form bodies are.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const fields = await readMultipart(request, async (part) => {
          part.file.resume();
        });
        request.body = { ...(request.body as object | undefined), ...fields };
      },
      schema: {
        summary:
          'Describe an upload of the member’s; a status already posted keeps the description it was given',
        params: mastodonMediaParams,
        body: mastodonMediaUpdateBody,
        response: { 200: mastodonMediaAttachmentSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const { description } = request.body;
      const upload =
        description === undefined
          ? await mastodonMedia.find(memberId, request.params.id)
          : await mastodonMedia.describe(
              memberId,
              request.params.id,
              storedDescription(description),
            );
      if (!upload) throw recordNotFound();
      return asAttachment(upload);
    },
  );

  app.delete(
    '/api/v1/media/:id',
    {
      config: mastodonRoute('write:media'),
      schema: {
        summary:
          'Delete an upload of the member’s that no status or scheduled status shows (422 otherwise)',
        params: mastodonMediaParams,
        response: { 200: mastodonEmptySchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await mastodonMedia.deleteUnattached(request.member.id, request.params.id);
      if (!outcome) throw recordNotFound();
      if (outcome === 'in use') {
        throw new ApiError(422, 'UNPROCESSABLE_ENTITY', MASTODON_SCHEDULE_MESSAGES.mediaInUse);
      }
      try {
        await finishMediaRemovals(app.database.kysely, app.mediaStorage);
      } catch (error) {
        // Recorded in media_removals: the hourly sweep (or the next start) removes the files.
        request.log.warn({ err: error }, 'files of a deleted upload wait for the sweep');
      }
      return {};
    },
  );
};
