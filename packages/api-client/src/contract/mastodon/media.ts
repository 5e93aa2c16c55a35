import { z } from 'zod';
import { fitsAltLimit } from '../endpoints/posts.js';
import { errorMessage } from '../errors.js';
import type { mastodonMediaAttachmentSchema } from './statuses.js';

// Media of the Mastodon client API (1.2, methods/media.md): a file uploaded first, described,
// then named by id in a status. The rules of what a file may be are Whisp's own upload's
// (POST /api/posts/media); the description's are those of a whisp's media[].alt.

/** A description as a whisp's `media[].alt` takes it: empty for none. */
export const mastodonMediaDescription = z
  .string()
  .refine(fitsAltLimit, errorMessage('altTooLong'))
  .describe('What the file shows, for people who cannot see it (alt text)');

/** POST /api/v1/media and /api/v2/media: the multipart form's text fields. */
export const mastodonMediaFields = z.object({
  description: mastodonMediaDescription.nullish().describe('Null or empty for none'),
  focus: z.string().optional().describe('Ignored: Whisp shows pictures whole'),
});

/** PUT /api/v1/media/{id}: JSON, a form or a multipart form (megalodon sends one). */
export const mastodonMediaUpdateBody = mastodonMediaFields;

export const mastodonMediaParams = z.object({ id: z.string() });

export type MastodonMediaAttachment = z.output<typeof mastodonMediaAttachmentSchema>;
