import { z } from 'zod';
import { errorMessage } from '../errors.js';
import { MEDIA_ALT_MAX_LENGTH, PAGE_SIZE } from '../limits.js';
import { postSchema, replySettingsSchema } from '../shapes/posts.js';
import { countCharacters } from '../validation.js';
import { limitParameter, offsetParameter, pageNumberParameter, successTrue } from './common.js';

// /api/posts: feeds, one whisp and its replies, writing, and acting on whisps.

export const postIdParams = z.object({ id: z.string().describe('A whisp id') });

export const postResponse = z.object({ success: successTrue, data: postSchema });
export const createdPostResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: postSchema,
});
/** A whisp's replies and a profile's tabs: `has_more` while a further page exists. */
export const postListResponse = z.object({
  success: successTrue,
  posts: z.array(postSchema),
  has_more: z.boolean(),
});
/** Feeds: `next_cursor` continues after the last whisp of this page (null: no more). */
export const feedResponse = z.object({
  success: successTrue,
  posts: z.array(postSchema),
  next_cursor: z.string().nullable(),
});

export const cursorParameter = z
  .string()
  .max(512)
  .optional()
  .describe('Where to continue: the next_cursor of the previous page (then page is ignored)');

export const pageParameter = pageNumberParameter('Which page, from 1');

/** GET /api/posts/following, /public (with its own `maxLimit`) and /timeline. */
export const feedQuery = (maxLimit?: number) =>
  z.object({
    page: pageParameter,
    limit: limitParameter(PAGE_SIZE, maxLimit),
    cursor: cursorParameter,
  });

/** GET /api/posts/{id}/replies. */
export const repliesQuery = z.object({ limit: limitParameter(PAGE_SIZE), offset: offsetParameter });

// Generous bounds before the real checks: a 10 MB "content" is refused before it is counted.
const contentField = z.string().max(20_000).nullish();
const mediaUrlField = z.string().max(2_000);
const mediaUrlsField = z
  .array(mediaUrlField)
  .max(20)
  .optional()
  .describe('Uploaded media (the URLs POST /api/posts/media answered), without descriptions');

/**
 * A description is counted as a person counts it (1,500 family emoji fit); text far longer than
 * any description is refused before it is counted, with the same words.
 */
const fitsAltLimit = (alt: string) =>
  alt.length <= MEDIA_ALT_MAX_LENGTH ||
  (alt.length <= MEDIA_ALT_MAX_LENGTH * 40 && countCharacters(alt) <= MEDIA_ALT_MAX_LENGTH);
const altField = z
  .string()
  .refine(fitsAltLimit, errorMessage('altTooLong'))
  .nullish()
  .describe(
    `What the image shows, for people who cannot see it: up to ${MEDIA_ALT_MAX_LENGTH} characters; empty or null for none`,
  );

const attachmentsField = z
  .array(z.object({ url: mediaUrlField, alt: altField }))
  .max(20)
  .optional()
  .describe(
    'Uploaded media in order, each with an optional description. Takes the place of media_urls: a request sending both is refused with 400',
  );

/** `media` and `media_urls` say the same thing; both at once is refused rather than guessed. */
const oneListOfMedia = (body: { media?: unknown; media_urls?: unknown }) =>
  body.media === undefined || body.media_urls === undefined;
const mediaGivenTwice = { message: errorMessage('mediaGivenTwice'), path: ['media'] };

/** POST /api/posts. */
export const newPostBodySchema = z
  .object({
    content: contentField,
    media: attachmentsField,
    media_urls: mediaUrlsField,
    reply_settings: replySettingsSchema.partial().optional(),
  })
  .refine(oneListOfMedia, mediaGivenTwice);
/** POST /api/posts/{id}/reply. */
export const newReplyBodySchema = z
  .object({ content: contentField, media: attachmentsField, media_urls: mediaUrlsField })
  .refine(oneListOfMedia, mediaGivenTwice);

/** One attachment of a new whisp as a request sends it (`media[]`). */
export interface PostAttachmentInput {
  url: string;
  alt?: string | null | undefined;
}

/** A new whisp's attachments in order, from `media` or `media_urls`; blank descriptions are none. */
export function requestedAttachments(body: {
  media?: PostAttachmentInput[] | undefined;
  media_urls?: string[] | undefined;
}): { url: string; alt: string | null }[] {
  if (body.media) {
    return body.media.map(({ url, alt }) => ({ url, alt: alt?.trim() ? alt : null }));
  }
  return (body.media_urls ?? []).map((url) => ({ url, alt: null }));
}

/** POST /api/posts/{id}: edit. */
export const editPostBodySchema = z.object({ content: z.string().max(20_000) });
// POST /api/posts/{id}/report: reportBodySchema in ./moderation.ts, shared with member reports.
/** POST /api/posts/{id}/rewhisp: the comment is optional. */
export const rewhispBodySchema = z.object({ comment: z.string().max(20_000).nullish() }).nullish();

/** POST /api/posts/{id}/bookmark and /unbookmark. */
export const bookmarkStateResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: z.object({ is_bookmarked: z.boolean() }),
});

/** POST /api/posts/media. */
export const mediaUploadResponse = z.object({
  success: successTrue,
  media_urls: z.array(z.string()),
});
