// The text rules live in the contract now (one rule for the server, the mocks and the UI).
export {
  parseHashtags,
  parseMentionCandidates as parseMentions,
} from '../contract/text.js';
export {
  buildBookmark,
  buildConversation,
  buildCurrentUser,
  buildHashtagCount,
  buildMessage,
  buildNotification,
  buildPost,
  buildProfile,
  buildRewhisp,
  buildSearchUser,
  buildSuggestedUser,
  buildUser,
  FIXTURE_EPOCH,
  notificationMessage,
  resetFixtureIds,
} from './builders.js';
export { buildPoll, buildPostVersions, buildScheduledWhisp } from './composer-builders.js';
export type { MockApi, MockApiOptions } from './createMockApi.js';
export { createMockApi } from './createMockApi.js';
export { MockError } from './errors.js';
export type { MockScenario } from './handlers/shared.js';
export { MOCK_SCENARIOS } from './handlers/shared.js';
export {
  buildModerationInstance,
  buildModerationLogEntry,
  buildModerationReport,
} from './moderation-builders.js';
export { MOCK_CREDENTIALS, MOCK_TOKEN, MOCK_VIEWER } from './seed.js';
export { MOCK_COMPOSER_IDS } from './seed-composer.js';
export type { MockOauthApp } from './seed-connected-apps.js';
export { MOCK_OAUTH_APPS } from './seed-connected-apps.js';
export { MOCK_OIDC_ACCOUNTS, MOCK_OIDC_PROVIDER } from './seed-identities.js';
export {
  MOCK_ADMIN,
  MOCK_ADMIN_TOKEN,
  MOCK_MODERATOR,
  MOCK_MODERATOR_TOKEN,
} from './seed-moderation.js';
export {
  MOCK_PRIVATE_MEMBER,
  MOCK_PRIVATE_POST_IDS,
  MOCK_PRIVATE_TOKEN,
} from './seed-privacy.js';
export type { LiveEvent } from './store/context.js';
export type { MockDataSetName, MockStore, MockStoreOptions } from './store/createMockStore.js';
export { createMockStore } from './store/createMockStore.js';
export type {
  MockOidcAccount,
  MockOidcAnswer,
  MockOidcFailure,
  MockOidcProvider,
} from './store/identities.js';
export type { MockData, MockMail } from './store/records.js';

import { createMockApi } from './createMockApi.js';

/**
 * Handlers over one shared default data set, for the simple case (`setupWorker(...handlers)`).
 * Likes and posts made in one story stay for the next: use `createMockApi()` per story to isolate.
 */
export const handlers = createMockApi().handlers;
