import type { FastifyPluginAsync } from 'fastify';
import { mastodonAppRoutes } from './apps.js';
import { mastodonAuthorizeRoutes } from './authorize.js';
import { type MastodonInstanceOptions, mastodonInstanceRoutes } from './instance.js';
import { mastodonOauthRoutes } from './oauth.js';
import { speakMastodon } from './plumbing.js';

/**
 * The Mastodon client API (1.2), beside Whisp's own: discovery, app registration, OAuth
 * and the consent page's redirects so far.
 * Each part in a context of its own, where forms are read and errors answered as Mastodon apps
 * expect (./plumbing.ts); nothing here changes how Whisp's own API reads or answers.
 */
export const mastodonRoutes: FastifyPluginAsync<MastodonInstanceOptions> = async (app, options) => {
  // Grouped apart from Whisp's own operations in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: ['Mastodon'] };
  });
  await app.register(async (api) => {
    speakMastodon(api);
    await api.register(mastodonInstanceRoutes, options);
    await api.register(mastodonAppRoutes);
  });
  await app.register(async (oauth) => {
    speakMastodon(oauth, 'oauth');
    await oauth.register(mastodonOauthRoutes, options);
    await oauth.register(mastodonAuthorizeRoutes);
  });
};
