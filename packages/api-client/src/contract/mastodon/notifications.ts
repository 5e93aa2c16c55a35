import { z } from 'zod';
import { mastodonAccountSchema, mastodonIdSchema } from './accounts.js';
import { mastodonStatusSchema } from './statuses.js';

// Notifications and markers of the Mastodon client API (1.2): entities/Notification.md,
// methods/notifications.md, entities/Marker.md, methods/markers.md.

/**
 * The Mastodon types Whisp's notifications are told as: a like is a favourite, a rewhisp a
 * reblog, a reply a mention (as Mastodon tells a reply). Whisp's direct messages are
 * conversations, and its moderation notices stay in Whisp's own app: neither is listed here.
 */
export const MASTODON_NOTIFICATION_TYPES = [
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
] as const;

export type MastodonNotificationType = (typeof MASTODON_NOTIFICATION_TYPES)[number];

export const mastodonNotificationSchema = z.object({
  id: mastodonIdSchema,
  type: z.enum(MASTODON_NOTIFICATION_TYPES),
  group_key: z.string(),
  created_at: z.string(),
  account: mastodonAccountSchema,
  status: mastodonStatusSchema.optional(),
});

export const mastodonNotificationListSchema = z.array(mastodonNotificationSchema);

/** A list from a query: `key[]=a&key[]=b`, `key=a&key=b`, or one value. */
const queryList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]));

/** GET /api/v1/notifications's filters (its paging: ./paging.ts). */
export const mastodonNotificationFilters = z.object({
  types: queryList.describe('Only these types'),
  'types[]': queryList,
  exclude_types: queryList.describe('All but these types'),
  'exclude_types[]': queryList,
  account_id: z.string().optional(),
});

export const mastodonNotificationParams = z.object({ id: z.string() });

const markerSchema = z.object({
  last_read_id: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});

/** GET and POST /api/v1/markers: the timelines with a saved marker. */
export const mastodonMarkersSchema = z.object({
  home: markerSchema.optional(),
  notifications: markerSchema.optional(),
});

/** GET /api/v1/markers?timeline[]=home&timeline[]=notifications. */
export const mastodonMarkersQuery = z.object({
  timeline: queryList,
  'timeline[]': queryList,
});

/** POST /api/v1/markers: `home[last_read_id]` (a form) or `{ home: { last_read_id } }`. */
export const mastodonMarkersBody = z.object({
  home: z.object({ last_read_id: z.string().max(40) }).optional(),
  notifications: z.object({ last_read_id: z.string().max(40) }).optional(),
});
