import { z } from 'zod';

// Paging of the Mastodon client API (1.2): api/guidelines.md#pagination. Lists come newest
// first; `max_id` pages older, `since_id` and `min_id` newer (since_id: the newest, min_id: the
// ones just after it), each an id of the list's own; the answer's Link header holds absolute
// addresses for `next` (older) and `prev` (newer). docs/mastodon-clients.md, 2.3.

/** An id in a paging parameter: digits, or anything else, which finds nothing. */
const pagingId = z.string().optional();

/**
 * `limit`: a number (a negative one counts as its absolute value, as Mastodon reads it), at most
 * twice the default; anything not a number is a 400.
 */
const pagingLimit = (defaultLimit: number) =>
  z.coerce
    .number()
    .int()
    .optional()
    .transform((value) =>
      value === undefined || value === 0
        ? defaultLimit
        : Math.min(Math.abs(value), defaultLimit * 2),
    )
    .describe(`How many: default ${defaultLimit}, at most ${defaultLimit * 2}`);

/** The paging parameters of a list whose page holds `defaultLimit` by default. */
export const mastodonPagingQuery = (defaultLimit: number) =>
  z.object({
    max_id: pagingId.describe('Older than this id'),
    since_id: pagingId.describe('Newer than this id, the newest first'),
    min_id: pagingId.describe('Newer than this id, the ones just after it'),
    limit: pagingLimit(defaultLimit),
  });

export type MastodonPaging = z.output<ReturnType<typeof mastodonPagingQuery>>;

/** Statuses: 20 a page by default (methods/timelines.md). */
export const STATUS_PAGE_LIMIT = 20;
/** Accounts (followers, following, blocks, mutes, requests): 40 (methods/accounts.md). */
export const ACCOUNT_PAGE_LIMIT = 40;
/** Notifications: 40 (methods/notifications.md). */
export const NOTIFICATION_PAGE_LIMIT = 40;
