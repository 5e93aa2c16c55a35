import { z } from 'zod';
import { REPORT_DETAILS_MAX_LENGTH } from '../limits.js';
import { mastodonAccountSchema, mastodonIdSchema } from './accounts.js';
import { mastodonSearchTagSchema } from './status-lists.js';
import { mastodonStatusSchema } from './statuses.js';

// What apps read around the timelines (Mastodon client API 1.2): reports (methods/reports.md),
// preferences (methods/preferences.md), suggestions and trends (methods/suggestions.md,
// trends.md), and the lists apps fetch at start-up whose Whisp counterpart does not exist yet
// (lists, followed and featured tags, endorsements, announcements, domain blocks, the instance's
// peers, activity and rules): empty, never a 404 (docs/mastodon-clients.md, section 4).

/** Mastodon's report categories (entities/Report.md). */
export const MASTODON_REPORT_CATEGORIES = ['spam', 'legal', 'violation', 'other'] as const;

export const MASTODON_DISCOVERY_MESSAGES = {
  accountRequired: 'Validation failed: the report needs the reported account (account_id).',
  commentTooLong: `Validation failed: the comment can be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`,
  noRules:
    'Whisp has no server rules to cite: leave rule_ids empty and say what is wrong in the comment.',
  domainBlocksNotSupported:
    'Whisp does not block other servers for members yet: it reaches no other server before federation.',
} as const;

const idList = z
  .union([z.array(z.union([z.string().max(30), z.number()])).max(100), z.string().max(30)])
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String),
  );

/** POST /api/v1/reports. */
export const mastodonReportBody = z.object({
  account_id: z.union([z.string().max(30), z.number()]).optional(),
  status_ids: idList.describe('Statuses of that account to report, each a report of its own'),
  comment: z.string().max(5000).optional().nullable(),
  category: z.enum(MASTODON_REPORT_CATEGORIES).optional(),
  rule_ids: idList.describe('Whisp has no server rules: must be empty'),
  forward: z.unknown().optional().describe('Ignored: every member is local before federation'),
  forward_to_domains: z.unknown().optional().describe('Ignored, as `forward`'),
});

/** entities/Report.md. */
export const mastodonReportSchema = z.object({
  id: mastodonIdSchema,
  action_taken: z.boolean(),
  action_taken_at: z.string().nullable(),
  category: z.enum(MASTODON_REPORT_CATEGORIES),
  comment: z.string(),
  forwarded: z.boolean(),
  created_at: z.string(),
  status_ids: z.array(mastodonIdSchema).nullable(),
  rule_ids: z.array(mastodonIdSchema).nullable(),
  target_account: mastodonAccountSchema,
});

/** entities/Preferences.md. */
export const mastodonPreferencesSchema = z.object({
  'posting:default:visibility': z.enum(['public', 'unlisted', 'private', 'direct']),
  'posting:default:sensitive': z.boolean(),
  'posting:default:language': z.string().nullable(),
  'reading:expand:media': z.enum(['default', 'show_all', 'hide_all']),
  'reading:expand:spoilers': z.boolean(),
  'reading:autoplay:gifs': z.boolean(),
});

/** GET /api/v1/suggestions and /api/v2/suggestions: `limit`, 40 by default, at most 80. */
export const mastodonSuggestionsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .optional()
    .transform((value) =>
      value === undefined || value === 0 ? 40 : Math.min(Math.abs(value), 80),
    ),
});

/** entities/Suggestion.md (v2). */
export const mastodonSuggestionSchema = z.object({
  source: z.enum(['staff', 'past_interactions', 'global']),
  sources: z.array(
    z.enum([
      'featured',
      'most_followed',
      'most_interactions',
      'similar_to_recently_followed',
      'friends_of_friends',
    ]),
  ),
  account: mastodonAccountSchema,
});

/** GET /api/v1/trends/tags: `limit` 10 by default, at most 20, and `offset`. */
export const mastodonTrendsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .optional()
    .transform((value) =>
      value === undefined || value === 0 ? 10 : Math.min(Math.abs(value), 20),
    ),
  offset: z.coerce.number().int().min(0).max(10_000).optional().default(0),
});

export const mastodonTrendTagsSchema = z.array(mastodonSearchTagSchema);
export const mastodonTrendStatusesSchema = z.array(mastodonStatusSchema);

/** entities/TrendsLink.md, as far as an empty list needs: Whisp ranks no links. */
export const mastodonTrendLinksSchema = z.array(
  z.object({ url: z.string(), title: z.string(), description: z.string() }),
);

/** entities/List.md: Whisp has no lists yet, so these are always empty. */
export const mastodonListSchema = z.object({
  id: mastodonIdSchema,
  title: z.string(),
  replies_policy: z.enum(['followed', 'list', 'none']),
  exclusive: z.boolean(),
});

/** entities/FeaturedTag.md. */
export const mastodonFeaturedTagSchema = z.object({
  id: mastodonIdSchema,
  name: z.string(),
  url: z.string(),
  statuses_count: z.string(),
  last_status_at: z.string().nullable(),
});

/** A followed hashtag (entities/Tag.md with `following`). */
export const mastodonFollowedTagSchema = mastodonSearchTagSchema.extend({
  following: z.boolean(),
});

/** entities/Announcement.md, as far as an empty list needs. */
export const mastodonAnnouncementSchema = z.object({
  id: mastodonIdSchema,
  content: z.string(),
  published_at: z.string(),
  read: z.boolean(),
});

/** entities/Rule.md. */
export const mastodonRuleSchema = z.object({ id: mastodonIdSchema, text: z.string() });

/** entities/Activity.md: one week of the instance. */
export const mastodonActivitySchema = z.object({
  week: z.string(),
  statuses: z.string(),
  logins: z.string(),
  registrations: z.string(),
});

export const mastodonDomainBlockBody = z.object({ domain: z.string().max(300).optional() });

export const mastodonListParams = z.object({ id: z.string().max(30) });
