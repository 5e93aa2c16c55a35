import { z } from 'zod';
import { mastodonIdSchema } from './accounts.js';
import { mastodonMediaDescription } from './media.js';
import { mastodonPagingQuery, STATUS_PAGE_LIMIT } from './paging.js';
import {
  mastodonMediaAttachmentSchema,
  mastodonStatusEditBody,
  mastodonStatusEditSchema,
  mastodonStatusSchema,
} from './statuses.js';

// Scheduled statuses, a status's history and an edit's media (Mastodon client API 1.2,
// methods/scheduled_statuses.md, entities/ScheduledStatus.md, methods/statuses.md#history and
// #edit). A scheduled status is a scheduled whisp (POST /api/posts with `scheduled_at`): the same
// rules, the same rows, and Whisp's own words for what they refuse.

const time = z.string().describe('RFC 3339, UTC, with milliseconds');

/** What only this part of the layer answers in `error`. */
export const MASTODON_SCHEDULE_MESSAGES = {
  replyNotSchedulable:
    'Whisp cannot schedule a reply: post the reply now, or schedule a whisp that answers no one.',
  directNotSchedulable:
    'Whisp cannot schedule a direct status: send it from Whisp’s Messages when it should be read.',
  mediaInUse:
    'This upload is part of a status or a scheduled status: delete or cancel that first, then the upload.',
  descriptionUnchangeable:
    'Whisp cannot change the descriptions of a posted whisp’s media: send them unchanged, or none.',
} as const;

/** The poll of a scheduled status, as the request gave it (it starts running when published). */
export const mastodonScheduledPollSchema = z.object({
  options: z.array(z.string()),
  expires_in: z.number().int(),
  multiple: z.boolean(),
  hide_totals: z.boolean(),
});

/** entities/ScheduledStatus.md: `params` as Mastodon keeps them, each key present. */
export const mastodonScheduledStatusSchema = z.object({
  id: mastodonIdSchema,
  scheduled_at: time,
  params: z.object({
    text: z.string(),
    poll: mastodonScheduledPollSchema.nullable(),
    media_ids: z.array(mastodonIdSchema).nullable().describe('Null for none, as Mastodon'),
    sensitive: z.boolean(),
    spoiler_text: z.string().nullable(),
    visibility: z.enum(['public', 'unlisted', 'private', 'direct']),
    in_reply_to_id: mastodonIdSchema.nullable().describe('Always null: Whisp schedules no replies'),
    language: z.null(),
    application_id: z.null().describe('Deprecated by Mastodon; Whisp records no app with it'),
    idempotency: z.null(),
    scheduled_at: z.null().describe('Null, as Mastodon: the time is the entity’s own'),
    with_rate_limit: z.boolean(),
  }),
  media_attachments: z.array(mastodonMediaAttachmentSchema),
});

export const mastodonScheduledStatusListSchema = z.array(mastodonScheduledStatusSchema);

/** POST /api/v1/statuses answers a status, or a scheduled status when `scheduled_at` was given. */
export const mastodonPostedStatusSchema = z.union([
  mastodonStatusSchema,
  mastodonScheduledStatusSchema,
]);

/** GET /api/v1/scheduled_statuses: newest scheduled first, 20 a page, at most 40. */
export const mastodonScheduledStatusesQuery = mastodonPagingQuery(STATUS_PAGE_LIMIT);

export const mastodonScheduledStatusParams = z.object({ id: z.string() });

/** PUT /api/v1/scheduled_statuses/{id}: only the time, as Mastodon. */
export const mastodonScheduledStatusUpdateBody = z
  .object({
    scheduled_at: z
      .string()
      .max(100)
      .optional()
      .describe('An ISO time 5 minutes to 1 year ahead; absent leaves it as it is'),
  })
  // A PUT without a body (megalodon sends none without a time) changes nothing.
  .default({});

/** entities/StatusEdit.md: a whisp's poll cannot change, so each version shows its options. */
export const mastodonStatusVersionSchema = mastodonStatusEditSchema.extend({
  poll: z.object({ options: z.array(z.object({ title: z.string() })) }).nullable(),
});

/** GET /api/v1/statuses/{id}/history: every version, oldest first, the current one last. */
export const mastodonStatusHistorySchema = z.array(mastodonStatusVersionSchema);

const mediaAttribute = z.object({
  id: z.string().max(30),
  description: mastodonMediaDescription.nullish(),
  focus: z.string().max(50).optional().describe('Ignored: Whisp shows pictures whole'),
});

/**
 * PUT /api/v1/statuses/{id} with `media_attributes` (Mastodon 4.0+): a JSON array, or a form's
 * `media_attributes[0][id]=…` (an object by index).
 */
export const mastodonStatusEditWithMediaBody = mastodonStatusEditBody.extend({
  media_attributes: z
    .union([z.array(mediaAttribute).max(20), z.record(z.string().max(10), mediaAttribute)])
    .optional()
    .transform((value) =>
      value === undefined ? undefined : Array.isArray(value) ? value : Object.values(value),
    )
    .describe(
      'The attachments’ descriptions as they are: Whisp cannot change a posted whisp’s media',
    ),
});

/** DELETE /api/v1/media/{id} and /api/v1/scheduled_statuses/{id}: an empty object. */
export const mastodonEmptySchema = z.object({});

export type MastodonScheduledStatus = z.output<typeof mastodonScheduledStatusSchema>;
export type MastodonStatusVersion = z.output<typeof mastodonStatusVersionSchema>;
