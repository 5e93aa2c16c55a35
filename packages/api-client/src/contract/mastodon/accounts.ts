import { z } from 'zod';

// Accounts of the Mastodon client API (1.2): Mastodon 4.3's entities/Account.md and
// methods/accounts.md. Every key clients rely on is present and never null where the
// documentation promises a value (docs/mastodon-clients.md, section 3): Tusky fails a whole
// request on one missing key, Ice Cubes a whole page.

/** A Mastodon id: digits, growing with time (docs/mastodon-clients.md, section 2). */
export const mastodonIdSchema = z.string().describe('Numeric, in the order of creation');

/** An RFC 3339 time with milliseconds and Z, as Ice Cubes parses them. */
const mastodonTime = z.string().describe('RFC 3339, UTC, with milliseconds');

export const mastodonEmojiSchema = z.object({
  shortcode: z.string(),
  url: z.string(),
  static_url: z.string(),
  visible_in_picker: z.boolean(),
});

export const mastodonFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  verified_at: z.string().nullable(),
});

/** entities/Account.md. Whisp members are local: `acct` is the username. */
export const mastodonAccountSchema = z.object({
  id: mastodonIdSchema,
  username: z.string(),
  acct: z.string(),
  url: z.string().describe('The profile in the web app'),
  uri: z.string(),
  display_name: z.string(),
  note: z.string().describe('The bio, as HTML'),
  avatar: z.string().describe('Always an address: a stand-in image when none is set'),
  avatar_static: z.string(),
  header: z.string(),
  header_static: z.string(),
  locked: z.boolean().describe('A private account: follows are requests'),
  fields: z.array(mastodonFieldSchema),
  emojis: z.array(mastodonEmojiSchema),
  bot: z.boolean(),
  group: z.boolean(),
  discoverable: z.boolean().nullable(),
  noindex: z.boolean().nullable(),
  indexable: z.boolean(),
  hide_collections: z.boolean().nullable(),
  created_at: mastodonTime,
  last_status_at: z.string().nullable().describe('A date (YYYY-MM-DD), or null'),
  statuses_count: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
});

/** The signed-in member's own account, with what only they see (entities/Account.md#source). */
export const mastodonCredentialAccountSchema = mastodonAccountSchema.extend({
  source: z.object({
    privacy: z.enum(['public', 'unlisted', 'private', 'direct']),
    sensitive: z.boolean(),
    language: z.string().nullable(),
    note: z.string().describe('The bio as written'),
    fields: z.array(mastodonFieldSchema),
    follow_requests_count: z.number().int(),
    hide_collections: z.boolean().nullable(),
    discoverable: z.boolean().nullable(),
    indexable: z.boolean(),
  }),
  role: z
    .object({
      id: z.string(),
      name: z.string(),
      color: z.string(),
      permissions: z.string(),
      highlighted: z.boolean(),
    })
    .nullable(),
});

/** GET /api/v1/accounts/{id}. */
export const mastodonAccountParams = z.object({ id: z.string() });

/** GET /api/v1/accounts/lookup?acct=username (or username@this-server). */
export const mastodonLookupQuery = z.object({ acct: z.string() });

export type MastodonAccount = z.output<typeof mastodonAccountSchema>;
export type MastodonCredentialAccount = z.output<typeof mastodonCredentialAccountSchema>;
