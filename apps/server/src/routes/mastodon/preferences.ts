import {
  mastodonErrorSchema,
  mastodonPreferencesSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPreferences } from '../../db/repositories/preferences.js';
import { mastodonRoute } from './access.js';

// Preferences (Mastodon client API 1.2, methods/preferences.md): what apps start the composer and
// the timelines with, read from the member's Whisp account and preferences (Privacy and
// preferences 1.2), the same ones Whisp's own app honours.

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

export const mastodonPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/preferences',
    {
      config: mastodonRoute('read:accounts'),
      schema: {
        summary: 'The member’s posting and reading preferences, from their Whisp settings',
        response: { 200: mastodonPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const { member } = request;
      const preferences = readPreferences(member.preferences);
      return {
        // A private member's whisps are their followers' alone (statuses answer them `private`);
        // Whisp has no other audience to choose per whisp.
        'posting:default:visibility': member.is_private
          ? ('private' as const)
          : ('public' as const),
        // Whisp marks nothing sensitive by default and keeps no language per member.
        'posting:default:sensitive': false,
        'posting:default:language': null,
        // Data saver holds pictures back until the reader opens them: Mastodon apps' nearest
        // setting is to hide all media behind a tap.
        'reading:expand:media': preferences.data_saver
          ? ('hide_all' as const)
          : ('default' as const),
        // Whisp's apps keep a content warning folded until the reader opens it.
        'reading:expand:spoilers': false,
        'reading:autoplay:gifs': preferences.autoplay_media,
      };
    },
  );
};
