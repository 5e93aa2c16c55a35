import { z } from 'zod';
import { mastodonAccountSchema } from './accounts.js';
import { mastodonPagingQuery, STATUS_PAGE_LIMIT } from './paging.js';
import { mastodonBoolean, mastodonStatusSchema, mastodonTagSchema } from './statuses.js';

// Lists of statuses beyond the timelines (Mastodon client API 1.2): an account's statuses
// (methods/accounts.md#statuses), a hashtag's (methods/timelines.md#tag), and search v2
// (methods/search.md). Paged lists keep Mastodon's paging (./paging.ts); search pages by offset.

/** GET /api/v1/accounts/:id/statuses: Mastodon's filters, and its paging. */
export const mastodonAccountStatusesQuery = mastodonPagingQuery(STATUS_PAGE_LIMIT).extend({
  exclude_replies: mastodonBoolean.describe('Leave out replies'),
  exclude_reblogs: mastodonBoolean.describe('Leave out reblogs (rewhisps)'),
  only_media: mastodonBoolean.describe('Only statuses with media'),
  pinned: mastodonBoolean.describe('Only pinned statuses: Whisp pins none'),
  tagged: z.string().optional().describe('Only statuses with this hashtag'),
});

/** GET /api/v1/timelines/tag/:tag: the hashtag, with or without `#`. */
export const mastodonHashtagParams = z.object({ tag: z.string().min(1).max(100) });

export const mastodonHashtagTimelineQuery = mastodonPagingQuery(STATUS_PAGE_LIMIT).extend({
  local: z.string().optional().describe('Only this server’s: all of Whisp’s are'),
  remote: z.string().optional().describe('Only other servers’: none, before federation'),
  only_media: mastodonBoolean,
});

/** Search: 20 of each kind by default, at most 40 (methods/search.md). */
export const SEARCH_PAGE_LIMIT = 20;

export const mastodonSearchQuery = z.object({
  q: z.string().max(500).describe('Words, a username, or a #hashtag'),
  type: z.enum(['accounts', 'hashtags', 'statuses']).optional().describe('Only this kind'),
  resolve: mastodonBoolean.describe('Look up other servers: none before federation'),
  following: mastodonBoolean.describe('Only accounts the member follows'),
  account_id: z.string().optional().describe('Only statuses of this account'),
  exclude_unreviewed: mastodonBoolean,
  limit: z.coerce
    .number()
    .int()
    .optional()
    .transform((value) =>
      value === undefined || value === 0
        ? SEARCH_PAGE_LIMIT
        : Math.min(Math.abs(value), SEARCH_PAGE_LIMIT * 2),
    )
    .describe(
      `How many of each kind: default ${SEARCH_PAGE_LIMIT}, at most ${SEARCH_PAGE_LIMIT * 2}`,
    ),
  offset: z.coerce.number().int().min(0).optional().default(0).describe('How many to skip'),
});

/** A Tag of search's answer (entities/Tag.md): its use per day, none kept yet. */
export const mastodonSearchTagSchema = mastodonTagSchema.extend({
  history: z.array(z.object({ day: z.string(), uses: z.string(), accounts: z.string() })),
});

export const mastodonSearchSchema = z.object({
  accounts: z.array(mastodonAccountSchema),
  statuses: z.array(mastodonStatusSchema),
  hashtags: z.array(mastodonSearchTagSchema),
});
