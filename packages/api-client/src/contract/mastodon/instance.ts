import { z } from 'zod';

// The Mastodon client API's discovery (1.2): what an app reads before anything else, to learn what
// server it talks to and what that server takes. Mastodon 4.3's documented shapes
// (entities/Instance.md, entities/V1_Instance.md, methods/instance.md, NodeInfo 2.0); what real
// clients require of them, with sources: docs/mastodon-clients.md, section 4. Only what Whisp
// really does is claimed: a key Mastodon documents for a feature Whisp lacks (push, translation
// services, streaming until it is served) is left out or says "off", never given a made-up value.

/** Instance.configuration.statuses and its v1 twin. */
const statusesConfigurationSchema = z.object({
  max_characters: z.number().int(),
  max_media_attachments: z.number().int(),
  characters_reserved_per_url: z.number().int(),
});

const mediaConfigurationSchema = z.object({
  supported_mime_types: z.array(z.string()),
  image_size_limit: z.number().int().describe('Bytes'),
  image_matrix_limit: z.number().int().describe('Pixels (width × height)'),
  video_size_limit: z.number().int().describe('Bytes'),
});

const pollsConfigurationSchema = z.object({
  max_options: z.number().int(),
  max_characters_per_option: z.number().int(),
  min_expiration: z.number().int().describe('Seconds'),
  max_expiration: z.number().int().describe('Seconds'),
});

const configurationSchema = z.object({
  urls: z.object({ streaming: z.string().describe('The WebSocket streaming base (ws or wss)') }),
  accounts: z.object({
    max_featured_tags: z.number().int(),
    max_pinned_statuses: z.number().int(),
  }),
  statuses: statusesConfigurationSchema,
  media_attachments: mediaConfigurationSchema,
  polls: pollsConfigurationSchema,
  translation: z.object({ enabled: z.boolean() }),
});

const ruleSchema = z.object({ id: z.string(), text: z.string(), hint: z.string() });

/** GET /api/v2/instance (no sign-in). */
export const mastodonInstanceSchema = z.object({
  domain: z.string().describe("The server's host, with its port when it has one"),
  title: z.string(),
  version: z
    .string()
    .describe('The Mastodon version whose API is served, then "(compatible; Whisp …)"'),
  source_url: z.string(),
  description: z.string(),
  usage: z.object({ users: z.object({ active_month: z.number().int() }) }),
  thumbnail: z.object({ url: z.string() }),
  icon: z.array(z.object({ src: z.string(), size: z.string() })),
  languages: z.array(z.string()),
  configuration: configurationSchema,
  registrations: z.object({
    enabled: z.boolean(),
    approval_required: z.boolean(),
    message: z.string().nullable(),
    url: z.string().nullable(),
  }),
  api_versions: z.object({ mastodon: z.number().int() }),
  contact: z.object({ email: z.string(), account: z.null() }),
  rules: z.array(ruleSchema),
});

/** GET /api/v1/instance (no sign-in): the older shape, kept consistent with v2's. */
export const mastodonInstanceV1Schema = z.object({
  uri: z.string().describe('The domain, as in v2'),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  email: z.string(),
  version: z.string(),
  urls: z.object({ streaming_api: z.string().describe('The WebSocket streaming base') }),
  stats: z.object({
    user_count: z.number().int(),
    status_count: z.number().int(),
    domain_count: z.number().int(),
  }),
  thumbnail: z.string().describe('A URL'),
  languages: z.array(z.string()),
  registrations: z.boolean(),
  approval_required: z.boolean(),
  invites_enabled: z.boolean(),
  configuration: configurationSchema.omit({ accounts: true, translation: true }),
  contact_account: z.null(),
  rules: z.array(ruleSchema),
});

/** GET /.well-known/nodeinfo: where the NodeInfo documents are. */
export const nodeInfoLinksSchema = z.object({
  links: z.array(z.object({ rel: z.string(), href: z.string() })),
});

/** GET /nodeinfo/2.0 (the schema at nodeinfo.diaspora.software/ns/schema/2.0). */
export const nodeInfoSchema = z.object({
  version: z.literal('2.0'),
  software: z.object({
    name: z.string().describe('Lower-case letters, digits and hyphens'),
    version: z.string(),
  }),
  protocols: z.array(z.string()),
  services: z.object({ inbound: z.array(z.string()), outbound: z.array(z.string()) }),
  openRegistrations: z.boolean(),
  usage: z.object({
    users: z.object({
      total: z.number().int(),
      activeMonth: z.number().int(),
      activeHalfyear: z.number().int(),
    }),
    localPosts: z.number().int(),
  }),
  metadata: z
    .object({
      nodeName: z.string(),
      upstream: z.object({ name: z.literal('mastodon'), version: z.string() }),
    })
    .describe(
      '`upstream` tells clients that read NodeInfo (megalodon) to speak the Mastodon API to it',
    ),
});

/** A custom emoji (entities/CustomEmoji.md). Whisp has none: the list is always empty. */
export const mastodonCustomEmojiSchema = z.object({
  shortcode: z.string(),
  url: z.string(),
  static_url: z.string(),
  visible_in_picker: z.boolean(),
  category: z.string().nullable(),
});

/** GET /api/v1/custom_emojis. */
export const mastodonCustomEmojisSchema = z.array(mastodonCustomEmojiSchema);

/** An error as the Mastodon API answers one (entities/Error.md). */
export const mastodonErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
