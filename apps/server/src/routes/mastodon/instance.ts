import {
  IMAGE_MEDIA_TYPES,
  OAUTH_AUTHORIZE_PATH,
  POLL_DURATION_MAX_SECONDS,
  POLL_DURATION_MIN_SECONDS,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POST_IMAGE_MAX_BYTES,
  POST_MEDIA_MAX_IMAGES,
  POST_VIDEO_MAX_BYTES,
  VIDEO_MEDIA_TYPES,
  WHISP_MAX_LENGTH,
} from '@whisp/api-client/contract';
import {
  MASTODON_SCOPES,
  mastodonCustomEmojisSchema,
  mastodonInstanceSchema,
  mastodonInstanceV1Schema,
  nodeInfoLinksSchema,
  nodeInfoSchema,
  oauthServerMetadataSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InstanceUsage } from '../../db/repositories/instance-usage.js';
import { MAX_INPUT_PIXELS } from '../../media/images.js';
import { APP_VERSION } from '../../version.js';

// Discovery for Mastodon apps (Mastodon client API 1.2): the instance, v2 and v1, NodeInfo 2.0,
// the OAuth server's metadata and the (empty) custom emojis. No sign-in: an app reads them before it has a token. Shapes:
// packages/api-client/src/contract/mastodon/instance.ts; what clients need of each key:
// docs/mastodon-clients.md, section 4.

/**
 * The Mastodon API version Whisp answers as. Apps switch features on by it: Ice Cubes moves to
 * grouped notifications (/api/v2/notifications), notification requests and link timelines at
 * 4.3, which Whisp does not serve, so it says 4.2 (whose API it serves) until it does.
 */
export const MASTODON_API_VERSION = '4.2.0';
const VERSION = `${MASTODON_API_VERSION} (compatible; Whisp ${APP_VERSION})`;
const TITLE = 'Whisp';
const DESCRIPTION = 'An open microblogging network: short whisps, replies, follows and messages.';
const SOURCE_URL = 'https://github.com/whisp-social/whisp';
/** How long the member and whisp counts are reused: apps read the instance on every start. */
const USAGE_CACHE_MS = 10 * 60_000;

export interface MastodonInstanceOptions {
  /** WHISP_PUBLIC_URL: the address members and apps reach the server at. */
  publicUrl: string;
}

export const mastodonInstanceRoutes: FastifyPluginAsyncZod<MastodonInstanceOptions> = async (
  app,
  { publicUrl },
) => {
  const base = new URL(publicUrl);
  // Host with its port when it has one: clients build the server's URLs from it.
  const domain = base.host;
  const absolute = (path: string) => new URL(path, base).href;
  // Apps open /api/v1/streaming under it: ws for an http server, wss for https.
  const streaming = `${base.protocol === 'https:' ? 'wss' : 'ws'}://${base.host}`;
  // The web app's icon (an SVG: Whisp ships no bitmap icon, so `icon` lists none).
  const icon = absolute('/favicon.svg');

  let cached: { usage: InstanceUsage; at: number } | undefined;
  const usage = async () => {
    if (!cached || Date.now() - cached.at > USAGE_CACHE_MS) {
      cached = { usage: await app.repositories.instanceUsage.usage(), at: Date.now() };
    }
    return cached.usage;
  };

  const statuses = {
    max_characters: WHISP_MAX_LENGTH,
    max_media_attachments: POST_MEDIA_MAX_IMAGES,
    // Whisp counts a link's every character; Mastodon apps count each link as this many, so a
    // whisp with a long link may pass an app's counter and be refused (422) by the server.
    characters_reserved_per_url: 23,
  };
  const mediaAttachments = {
    supported_mime_types: [...IMAGE_MEDIA_TYPES, ...VIDEO_MEDIA_TYPES],
    image_size_limit: POST_IMAGE_MAX_BYTES,
    image_matrix_limit: MAX_INPUT_PIXELS,
    video_size_limit: POST_VIDEO_MAX_BYTES,
  };
  const polls = {
    max_options: POLL_OPTIONS_MAX,
    max_characters_per_option: POLL_OPTION_MAX_LENGTH,
    min_expiration: POLL_DURATION_MIN_SECONDS,
    max_expiration: POLL_DURATION_MAX_SECONDS,
  };

  app.get(
    '/api/v2/instance',
    { schema: { response: { 200: mastodonInstanceSchema } } },
    async () => ({
      domain,
      title: TITLE,
      version: VERSION,
      source_url: SOURCE_URL,
      description: DESCRIPTION,
      usage: { users: { active_month: (await usage()).activeMonth } },
      thumbnail: { url: icon },
      icon: [],
      languages: ['en'],
      configuration: {
        urls: { streaming },
        // Whisp has neither featured hashtags nor pinned whisps.
        accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
        statuses,
        media_attachments: mediaAttachments,
        polls,
        translation: { enabled: false },
      },
      registrations: { enabled: true, approval_required: false, message: null, url: null },
      api_versions: { mastodon: 2 },
      // No operator address is published: WHISP_ADMIN_EMAILS are sign-ins, not a contact.
      contact: { email: '', account: null },
      rules: [],
    }),
  );

  app.get(
    '/api/v1/instance',
    { schema: { response: { 200: mastodonInstanceV1Schema } } },
    async () => {
      const { members, whisps } = await usage();
      return {
        uri: domain,
        title: TITLE,
        short_description: DESCRIPTION,
        description: DESCRIPTION,
        email: '',
        version: VERSION,
        urls: { streaming_api: streaming },
        stats: { user_count: members, status_count: whisps, domain_count: 0 },
        thumbnail: icon,
        languages: ['en'],
        registrations: true,
        approval_required: false,
        invites_enabled: false,
        configuration: {
          urls: { streaming },
          statuses,
          media_attachments: mediaAttachments,
          polls,
        },
        contact_account: null,
        rules: [],
      };
    },
  );

  app.get(
    '/.well-known/nodeinfo',
    { schema: { response: { 200: nodeInfoLinksSchema } } },
    async () => ({
      links: [
        {
          rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0',
          href: absolute('/nodeinfo/2.0'),
        },
      ],
    }),
  );

  app.get(
    '/nodeinfo/2.0',
    { schema: { response: { 200: nodeInfoSchema } } },
    async (_request, reply) => {
      const { members, activeMonth, activeHalfYear, whisps } = await usage();
      reply.type('application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.0#"');
      return {
        version: '2.0' as const,
        software: { name: 'whisp', version: APP_VERSION },
        // ActivityPub only while federation is on (WHISP_PUBLIC_URL at an https:// domain root).
        protocols: app.federation ? ['activitypub'] : [],
        services: { inbound: [], outbound: [] },
        openRegistrations: true,
        usage: {
          users: { total: members, activeMonth, activeHalfyear: activeHalfYear },
          localPosts: whisps,
        },
        metadata: {
          nodeName: TITLE,
          upstream: { name: 'mastodon' as const, version: MASTODON_API_VERSION },
        },
      };
    },
  );

  // RFC 8414 (Mastodon 4.3): where apps find the OAuth endpoints, and that PKCE's S256 is
  // supported (Phanpy uses PKCE only when this says so).
  app.get(
    '/.well-known/oauth-authorization-server',
    { schema: { response: { 200: oauthServerMetadataSchema } } },
    async () => ({
      issuer: absolute('/'),
      service_documentation: 'https://docs.joinmastodon.org/',
      authorization_endpoint: absolute(OAUTH_AUTHORIZE_PATH),
      token_endpoint: absolute('/oauth/token'),
      revocation_endpoint: absolute('/oauth/revoke'),
      app_registration_endpoint: absolute('/api/v1/apps'),
      scopes_supported: [...MASTODON_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
    }),
  );

  app.get(
    '/api/v1/custom_emojis',
    { schema: { response: { 200: mastodonCustomEmojisSchema } } },
    async () => [],
  );
};
