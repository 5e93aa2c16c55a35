import { z } from 'zod';
import { errorMessage } from '../errors.js';
import {
  CONTENT_WARNING_MAX_LENGTH,
  MEDIA_ALT_MAX_LENGTH,
  PAGE_SIZE,
  POLL_DURATION_MAX_SECONDS,
  POLL_DURATION_MIN_SECONDS,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  SCHEDULED_POSTS_MAX,
  THREAD_CONTEXT_MAX_DEPTH,
  THREAD_CONTEXT_MAX_DESCENDANTS,
} from '../limits.js';
import {
  pollSchema,
  postSchema,
  postVersionSchema,
  replySettingsSchema,
  scheduledWhispSchema,
} from '../shapes/posts.js';
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
export const fitsAltLimit = (alt: string) =>
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

// Composer (1.2). Generous bounds here; the rules and their words are in ../composer.ts.
const contentWarningField = z
  .string()
  .max(20_000)
  .nullish()
  .describe(
    `Shown in place of the text and media until opened: 1 to ${CONTENT_WARNING_MAX_LENGTH} characters; absent, null or empty for none`,
  );
const pollField = z
  .object({
    options: z
      .array(z.string().max(20_000))
      .max(50)
      .describe(
        `${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} distinct options of 1 to ${POLL_OPTION_MAX_LENGTH} characters`,
      ),
    expires_in: z
      .number()
      .describe(
        `Seconds it runs: ${POLL_DURATION_MIN_SECONDS} (5 minutes) to ${POLL_DURATION_MAX_SECONDS} (7 days)`,
      ),
    multiple: z.boolean().default(false).describe('Whether a voter may pick several options'),
  })
  .describe('A poll; a whisp with a poll takes no media');
const scheduledAtField = z
  .string()
  .max(100)
  .describe('An ISO time 5 minutes to 1 year ahead: the whisp is stored and published then');

/** POST /api/posts. */
export const newPostBodySchema = z
  .object({
    content: contentField,
    media: attachmentsField,
    media_urls: mediaUrlsField,
    reply_settings: replySettingsSchema.partial().optional(),
    content_warning: contentWarningField,
    poll: pollField.nullish(),
    scheduled_at: scheduledAtField.nullish(),
  })
  .refine(oneListOfMedia, mediaGivenTwice);
/** POST /api/posts/{id}/reply: on a whisp or on a reply (then `reply_to_id` is that reply). */
export const newReplyBodySchema = z
  .object({
    content: contentField,
    media: attachmentsField,
    media_urls: mediaUrlsField,
    content_warning: contentWarningField,
  })
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

/** POST /api/posts/{id}: edit. The warning is replaced too (absent, null or empty: none). */
export const editPostBodySchema = z.object({
  content: z.string().max(20_000),
  content_warning: contentWarningField,
});
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

// Composer (1.2): polls, scheduled whisps, threads and edit history.

/** GET /api/posts/{id}/context: the thread around a whisp. */
export const postContextResponse = z.object({
  success: successTrue,
  data: z.object({
    ancestors: z.array(postSchema).describe("From the root down to the whisp's parent"),
    descendants: z
      .array(postSchema)
      .describe(
        `Depth first, each level oldest first; at most ${THREAD_CONTEXT_MAX_DESCENDANTS}, ${THREAD_CONTEXT_MAX_DEPTH} levels deep. A deleted or hidden reply is left out; its replies follow their nearest visible ancestor`,
      ),
  }),
});

/** GET /api/posts/{id}/history: oldest first, the current version last. */
export const postHistoryResponse = z.object({
  success: successTrue,
  data: z.array(postVersionSchema),
});

export const pollIdParams = z.object({ id: z.string().describe('A poll id') });
/** POST /api/polls/{id}/votes. */
export const voteBodySchema = z.object({
  choices: z
    .array(z.number())
    .max(50)
    .describe('Indexes of the chosen options: exactly one unless the poll is multiple'),
});
export const pollResponse = z.object({ success: successTrue, data: pollSchema });

export const scheduledPostIdParams = z.object({ id: z.string().describe('A scheduled whisp id') });
/** POST /api/posts with `scheduled_at`: 201, stored until its time. */
export const scheduledPostCreatedResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: scheduledWhispSchema,
});
/** GET /api/scheduled-posts: the member's pending whisps, soonest first (at most SCHEDULED_POSTS_MAX). */
export const scheduledPostListResponse = z.object({
  success: successTrue,
  data: z.array(scheduledWhispSchema).max(SCHEDULED_POSTS_MAX),
});
export const scheduledPostResponse = z.object({ success: successTrue, data: scheduledWhispSchema });
/** PATCH /api/scheduled-posts/{id}: any of the fields; the others stay. */
export const scheduledPostPatchBodySchema = z
  .object({
    scheduled_at: scheduledAtField.optional(),
    content: contentField,
    content_warning: contentWarningField,
    media: attachmentsField,
    media_urls: mediaUrlsField,
    poll: pollField.nullish(),
    reply_settings: replySettingsSchema.partial().optional(),
  })
  .refine(oneListOfMedia, mediaGivenTwice);
