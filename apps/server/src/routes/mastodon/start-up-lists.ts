import {
  MASTODON_DISCOVERY_MESSAGES,
  mastodonAccountSchema,
  mastodonActivitySchema,
  mastodonAnnouncementSchema,
  mastodonDomainBlockBody,
  mastodonErrorSchema,
  mastodonFeaturedTagSchema,
  mastodonFollowedTagSchema,
  mastodonListParams,
  mastodonListSchema,
  mastodonRuleSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// What Mastodon apps fetch when they start (Elk, Ice Cubes, Phanpy, Tusky, Ivory: lists for the
// sidebar, followed tags, announcements, the instance's rules…) and Whisp has no counterpart of
// yet. A 404 there reads to an app as a broken server (Ivory stops, Ice Cubes shows an error), so
// each answers what is true of a Whisp member: none. Lists and followed hashtags are Mastodon
// features Whisp may gain; domain blocks wait for federation (until then no other server exists
// to block). Scopes are Mastodon 4.3's for each (methods/*.md).

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

const EMPTY_LISTS = [
  ['/api/v1/lists', 'read:lists', 'The member’s lists: Whisp has none yet', mastodonListSchema],
  [
    '/api/v1/followed_tags',
    'read:follows',
    'Followed hashtags: Whisp follows members, not hashtags, so none',
    mastodonFollowedTagSchema,
  ],
  [
    '/api/v1/featured_tags',
    'read:accounts',
    'Hashtags featured on the profile: Whisp has none',
    mastodonFeaturedTagSchema,
  ],
  [
    '/api/v1/endorsements',
    'read:accounts',
    'Accounts featured on the profile: Whisp has none',
    mastodonAccountSchema,
  ],
  [
    '/api/v1/announcements',
    'read',
    'The server’s announcements: Whisp publishes none',
    mastodonAnnouncementSchema,
  ],
  [
    '/api/v1/domain_blocks',
    'read:blocks',
    'Servers the member blocks: none before federation',
    z.string(),
  ],
] as const;

/** About the server itself, read before any sign-in, as the instance is (./instance.ts). */
const INSTANCE_LISTS = [
  ['/api/v1/instance/peers', 'Servers this one knows: none before federation', z.string()],
  [
    '/api/v1/instance/activity',
    'Weekly activity: not kept (the instance’s usage says how many are active)',
    mastodonActivitySchema,
  ],
  ['/api/v1/instance/rules', 'The server’s rules: Whisp sets none', mastodonRuleSchema],
] as const;

export const mastodonStartUpListRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, scope, summary, entity] of EMPTY_LISTS) {
    app.get(
      path,
      {
        config: mastodonRoute(scope),
        schema: { summary, response: { 200: z.array(entity), ...errors } },
      },
      // No Link header: there is no next page.
      async () => [],
    );
  }

  for (const [path, summary, entity] of INSTANCE_LISTS) {
    app.get(path, { schema: { summary, response: { 200: z.array(entity) } } }, async () => []);
  }

  app.get(
    '/api/v1/lists/:id',
    {
      config: mastodonRoute('read:lists'),
      schema: {
        summary: 'One list: Whisp has none, so never found',
        params: mastodonListParams,
        response: { 200: mastodonListSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async () => {
      throw recordNotFound();
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/v1/domain_blocks',
      config: mastodonRoute('write:blocks'),
      schema: {
        summary: 'Block a server, or unblock one: not before federation',
        body: mastodonDomainBlockBody.nullish(),
        response: { 200: z.object({}), ...errors },
      },
      handler: async () => {
        throw new ApiError(
          422,
          'UNPROCESSABLE_ENTITY',
          MASTODON_DISCOVERY_MESSAGES.domainBlocksNotSupported,
        );
      },
    });
  }
};
