import { z } from 'zod';
import { POST_MEDIA_MAX_IMAGES } from '../limits.js';
import { mastodonAccountSchema, mastodonEmojiSchema, mastodonIdSchema } from './accounts.js';

// Statuses of the Mastodon client API (1.2): Mastodon 4.3's entities/Status.md,
// MediaAttachment.md, Poll.md, Context.md. A whisp is a status, a rewhisp a reblog. Nullable keys
// are declared so (the serializer would otherwise turn null into "" or 0: an in_reply_to_id of
// "" makes every status a reply), and every key apps rely on is present (docs/mastodon-clients.md,
// section 3).

const time = z.string().describe('RFC 3339, UTC, with milliseconds');

export const mastodonMediaAttachmentSchema = z.object({
  id: mastodonIdSchema,
  type: z.enum(['image', 'gifv', 'video', 'audio', 'unknown']),
  url: z.string(),
  preview_url: z.string().nullable(),
  remote_url: z.string().nullable(),
  meta: z.object({
    original: z
      .object({
        width: z.number().int(),
        height: z.number().int(),
        size: z.string(),
        aspect: z.number(),
      })
      .optional(),
  }),
  description: z.string().nullable(),
  blurhash: z.string().nullable(),
});

export const mastodonMentionSchema = z.object({
  id: mastodonIdSchema,
  username: z.string(),
  url: z.string(),
  acct: z.string(),
});

export const mastodonTagSchema = z.object({
  name: z.string(),
  url: z.string(),
});

export const mastodonPollSchema = z.object({
  id: mastodonIdSchema,
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  multiple: z.boolean(),
  votes_count: z.number().int(),
  voters_count: z.number().int().nullable(),
  options: z.array(
    z.object({
      title: z.string(),
      votes_count: z.number().int().nullable().describe('Null until the viewer may see them'),
    }),
  ),
  emojis: z.array(mastodonEmojiSchema),
  voted: z.boolean(),
  own_votes: z.array(z.number().int()),
});

/** A status without its reblog (a reblog's original is one of these). */
export const mastodonStatusBaseSchema = z.object({
  id: mastodonIdSchema,
  uri: z.string(),
  url: z.string(),
  created_at: time,
  account: mastodonAccountSchema,
  content: z.string().describe('HTML'),
  visibility: z.enum(['public', 'unlisted', 'private', 'direct']),
  sensitive: z.boolean(),
  spoiler_text: z.string().describe('The content warning, or ""'),
  media_attachments: z.array(mastodonMediaAttachmentSchema),
  application: z.object({ name: z.string(), website: z.string().nullable() }).nullable(),
  mentions: z.array(mastodonMentionSchema),
  tags: z.array(mastodonTagSchema),
  emojis: z.array(mastodonEmojiSchema),
  reblogs_count: z.number().int(),
  favourites_count: z.number().int(),
  replies_count: z.number().int(),
  in_reply_to_id: mastodonIdSchema.nullable(),
  in_reply_to_account_id: mastodonIdSchema.nullable(),
  poll: mastodonPollSchema.nullable(),
  card: z.null(),
  language: z.string().nullable(),
  text: z.string().nullable(),
  edited_at: time.nullable(),
  favourited: z.boolean(),
  reblogged: z.boolean(),
  muted: z.boolean(),
  bookmarked: z.boolean(),
  pinned: z.boolean(),
});

export const mastodonStatusSchema = mastodonStatusBaseSchema.extend({
  reblog: mastodonStatusBaseSchema.nullable(),
});

export const mastodonStatusListSchema = z.array(mastodonStatusSchema);

/** GET /api/v1/statuses/{id}/context. */
export const mastodonContextSchema = z.object({
  ancestors: mastodonStatusListSchema,
  descendants: mastodonStatusListSchema,
});

export const mastodonStatusParams = z.object({ id: z.string() });

export type MastodonStatus = z.output<typeof mastodonStatusSchema>;
export type MastodonStatusBase = z.output<typeof mastodonStatusBaseSchema>;

/** A form's "true", JSON's true: Mastodon's booleans arrive both ways. */
export const mastodonBoolean = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** A number from JSON or a form. */
const formNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A list from JSON, a form's `key[]`, or one value. */
const formList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * Upload ids (POST /api/v2/media) from JSON, a form's `media_ids[]`, or one value; bounded well
 * above what a whisp holds, whose own rule composeWhisp checks.
 */
const mediaIdList = z.union([z.array(z.string().max(30)).max(20), z.string().max(30)]);
const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** POST /api/v1/statuses (methods/statuses.md#create): JSON, a form, or the query string. */
export const mastodonStatusBody = z.object({
  status: z.string().max(20_000).optional().describe('The text'),
  media_ids: mediaIdList
    .optional()
    .transform((value) => (value === undefined ? [] : asList(value)))
    .describe(
      `Uploads (POST /api/v2/media) to attach, in order: up to ${POST_MEDIA_MAX_IMAGES} images or one video`,
    ),
  poll: z
    .object({
      options: formList,
      expires_in: formNumber,
      multiple: mastodonBoolean,
      hide_totals: mastodonBoolean,
    })
    .optional(),
  in_reply_to_id: z.string().nullish(),
  sensitive: mastodonBoolean,
  spoiler_text: z.string().max(20_000).optional().describe('The content warning'),
  visibility: z
    .enum(['public', 'unlisted', 'private', 'direct'])
    .optional()
    .describe('A member’s whisps all reach whom their account allows: only "direct" differs'),
  language: z.string().optional(),
  scheduled_at: z.string().nullish(),
});

/** PUT /api/v1/statuses/{id} (methods/statuses.md#edit). */
export const mastodonStatusEditBody = z.object({
  status: z.string().max(20_000).optional(),
  spoiler_text: z.string().max(20_000).optional(),
  sensitive: mastodonBoolean,
  media_ids: mediaIdList
    .optional()
    .transform((value) => (value === undefined ? undefined : asList(value)))
    .describe('The status’s attachments as they are: Whisp cannot change a posted whisp’s media'),
  language: z.string().optional(),
});

/** GET /api/v1/statuses/{id}/source. */
export const mastodonStatusSourceSchema = z.object({
  id: mastodonIdSchema,
  text: z.string(),
  spoiler_text: z.string(),
});

/** GET /api/v1/statuses/{id}/history: each version, oldest first. */
export const mastodonStatusEditSchema = z.object({
  content: z.string(),
  spoiler_text: z.string(),
  sensitive: z.boolean(),
  created_at: time,
  account: mastodonAccountSchema,
  poll: z.null(),
  media_attachments: z.array(mastodonMediaAttachmentSchema),
  emojis: z.array(mastodonEmojiSchema),
});

/** POST /api/v1/polls/{id}/votes: option indexes, from JSON or a form's `choices[]`. */
export const mastodonVoteBody = z.object({
  choices: z
    .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()])
    .transform((value) => (Array.isArray(value) ? value : [value]).map(Number)),
});
