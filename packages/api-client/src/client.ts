import { createAccountApi } from './account/account.api.js';
import { createAccountDataApi } from './account-data/accountData.api.js';
import { createAuthApi } from './auth/auth.api.js';
import { createBookmarksApi } from './bookmarks/bookmarks.api.js';
import { createConnectedAppsApi } from './connected-apps/connectedApps.api.js';
import { createEventsApi } from './events/events.api.js';
import { createHealthApi } from './health/health.api.js';
import type { ApiContext } from './http/context.js';
import { createFetcher } from './http/createFetcher.js';
import { createMediaMapper } from './http/mapMedia.js';
import { createLocalStorageTokenStore, type TokenStore } from './http/tokenStore.js';
import { createIdentitiesApi } from './identities/identities.api.js';
import { createMessagesApi } from './messages/messages.api.js';
import { createModerationApi } from './moderation/moderation.api.js';
import { createNotificationsApi } from './notifications/notifications.api.js';
import { createPostsApi } from './posts/posts.api.js';
import { createSafetyApi } from './safety/safety.api.js';
import { createScheduledPostsApi } from './scheduled/scheduled.api.js';
import { createSearchApi } from './search/search.api.js';
import { createSupportApi } from './support/support.api.js';
import { createTrendsApi } from './trends/trends.api.js';
import { createUsersApi } from './users/users.api.js';

export interface WhispClientOptions {
  /** The API host, e.g. `https://whisp.example`; empty for the page's own origin. */
  baseUrl?: string;
  tokenStore?: TokenStore;
  fetch?: typeof globalThis.fetch;
}

export function createWhispClient(options: WhispClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const tokenStore = options.tokenStore ?? createLocalStorageTokenStore();
  // Bound so a caller's `window.fetch` keeps its receiver (browsers throw "Illegal invocation").
  const fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const request = createFetcher({ baseUrl, tokenStore, fetch });
  const media = createMediaMapper(baseUrl);
  const context: ApiContext = { baseUrl, request, media, tokenStore };

  return {
    baseUrl,
    tokenStore,
    request,
    mediaUrl: media.url,
    health: createHealthApi(request),
    auth: createAuthApi(context),
    identities: createIdentitiesApi(context),
    connectedApps: createConnectedAppsApi(context),
    account: createAccountApi(context),
    users: createUsersApi(context),
    posts: createPostsApi(context),
    scheduledPosts: createScheduledPostsApi(context),
    safety: createSafetyApi(context),
    bookmarks: createBookmarksApi(context),
    search: createSearchApi(context),
    trends: createTrendsApi(context),
    notifications: createNotificationsApi(context),
    messages: createMessagesApi(context),
    support: createSupportApi(context),
    moderation: createModerationApi(context),
    accountData: createAccountDataApi({ ...context, fetch }),
    events: createEventsApi(context),
  };
}

export type WhispClient = ReturnType<typeof createWhispClient>;
