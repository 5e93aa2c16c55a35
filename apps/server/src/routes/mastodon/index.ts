import type { FastifyPluginAsync } from 'fastify';
import { mastodonAccessHook } from './access.js';
import { mastodonAccountRoutes } from './accounts.js';
import { mastodonAppRoutes } from './apps.js';
import { mastodonAuthorizeRoutes } from './authorize.js';
import { mastodonConversationRoutes } from './conversations.js';
import { mastodonDiscoveryRoutes } from './discovery.js';
import { mastodonFilterRoutes } from './filters.js';
import { type MastodonInstanceOptions, mastodonInstanceRoutes } from './instance.js';
import { mastodonMarkerRoutes } from './markers.js';
import { mastodonMediaRoutes } from './media.js';
import { mastodonNotificationRoutes } from './notifications.js';
import { mastodonOauthRoutes } from './oauth.js';
import { speakMastodon } from './plumbing.js';
import { mastodonPollRoutes } from './polls.js';
import { mastodonPreferenceRoutes } from './preferences.js';
import { mastodonRelationshipRoutes } from './relationships.js';
import { mastodonReportRoutes } from './reports.js';
import { mastodonScheduledStatusRoutes } from './scheduled-statuses.js';
import { mastodonSearchRoutes } from './search.js';
import { standInImageRoutes } from './stand-in-images.js';
import { mastodonStartUpListRoutes } from './start-up-lists.js';
import { mastodonStatusActionRoutes } from './status-actions.js';
import { mastodonStatusHistoryRoutes } from './status-history.js';
import { mastodonStatusListRoutes } from './status-lists.js';
import { mastodonStatusRoutes } from './statuses.js';
import { mastodonStreamingRoutes } from './streaming.js';
import { mastodonTimelineRoutes } from './timelines.js';

/**
 * The Mastodon client API (1.2), beside Whisp's own: discovery, app registration, OAuth and the
 * consent page's redirects, and the member's data, route by route (./access.ts says who may
 * call each). Each part in a context of its own, where forms are read and errors answered as
 * Mastodon apps expect (./plumbing.ts); nothing here changes how Whisp's own API reads or
 * answers.
 */
export const mastodonRoutes: FastifyPluginAsync<MastodonInstanceOptions> = async (app, options) => {
  // Grouped apart from Whisp's own operations in the OpenAPI document, and a route that needs a
  // member's token says so there.
  app.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      tags: ['Mastodon'],
      ...(route.config?.mastodon ? { security: [{ bearerAuth: [] }] } : {}),
    };
  });
  await app.register(async (api) => {
    speakMastodon(api);
    api.addHook('onRequest', mastodonAccessHook(api));
    await api.register(mastodonInstanceRoutes, options);
    await api.register(mastodonAppRoutes);
    await api.register(mastodonAccountRoutes, options);
    await api.register(mastodonStatusRoutes, options);
    await api.register(mastodonStatusHistoryRoutes, options);
    await api.register(mastodonScheduledStatusRoutes, options);
    await api.register(mastodonMediaRoutes, options);
    await api.register(mastodonStatusActionRoutes, options);
    await api.register(mastodonPollRoutes, options);
    await api.register(mastodonTimelineRoutes, options);
    await api.register(mastodonNotificationRoutes, options);
    await api.register(mastodonMarkerRoutes);
    await api.register(mastodonStreamingRoutes, options);
    await api.register(mastodonRelationshipRoutes, options);
    await api.register(mastodonStatusListRoutes, options);
    await api.register(mastodonSearchRoutes, options);
    await api.register(mastodonConversationRoutes, options);
    await api.register(mastodonFilterRoutes);
    await api.register(mastodonReportRoutes, options);
    await api.register(mastodonPreferenceRoutes);
    await api.register(mastodonDiscoveryRoutes, options);
    await api.register(mastodonStartUpListRoutes);
  });
  // Images, not API answers: a failure there reads as any other of Whisp's.
  await app.register(standInImageRoutes);
  await app.register(async (oauth) => {
    speakMastodon(oauth, 'oauth');
    await oauth.register(mastodonOauthRoutes);
    await oauth.register(mastodonAuthorizeRoutes);
  });
};
