// `@whisp/api-client`: the typed calls, the fetcher, errors, token stores and the entity types,
// with neither React nor TanStack Query (those are in `@whisp/api-client/react`) and no zod at run
// time (the schemas are imported as types only; they are in `@whisp/api-client/contract`).
export type {
  AccountMessage,
  PasswordChange,
  PasswordResetConfirmation,
} from './account/account.api.js';
export type {
  AccountDataApi,
  AccountDeletionConfirmation,
  AccountExport,
  DownloadExportOptions,
  ImportArchiveOptions,
  ImportSummary,
  TransferProgress,
} from './account-data/accountData.api.js';
export { ACCOUNT_EXPORT_PATH, ACCOUNT_IMPORT_PATH } from './account-data/accountData.api.js';
export type { LoginInput, RegisterInput, Session } from './auth/auth.api.js';
export type { BookmarkPage } from './bookmarks/bookmarks.api.js';
export type { WhispClient, WhispClientOptions } from './client.js';
export { createWhispClient } from './client.js';
export type { ConnectedAppsApi } from './connected-apps/connectedApps.api.js';
export { authorizationQueryFrom } from './connected-apps/connectedApps.api.js';
export * as limits from './contract/limits.js';
export type {
  EventSourceConstructor,
  EventSourceLike,
  LiveEventHandlers,
  LiveEventStream,
} from './events/events.api.js';
export type { HealthStatus } from './health/health.api.js';
export { HEALTH_PATH } from './health/health.api.js';
export type { ApiErrorDetail } from './http/ApiError.js';
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './http/ApiError.js';
export type { NumberedPage, OffsetPage } from './http/context.js';
export type { Fetcher, FetcherOptions, QueryValue, RequestOptions } from './http/createFetcher.js';
export { createFetcher, joinUrl } from './http/createFetcher.js';
export type { MediaMapper } from './http/mapMedia.js';
export { createMediaMapper } from './http/mapMedia.js';
export { resolveMediaUrl } from './http/mediaUrl.js';
export { httpStatusMessage, NETWORK_ERROR_MESSAGE, NO_TOKEN_MESSAGE } from './http/messages.js';
export type { TokenStore } from './http/tokenStore.js';
export {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  DEFAULT_TOKEN_STORAGE_KEY,
} from './http/tokenStore.js';
export type { IdentitiesApi, OidcCompletion } from './identities/identities.api.js';
export type { NewMessage } from './messages/messages.api.js';
export type {
  AccountSession,
  Bookmark,
  ConnectedApp,
  Conversation,
  CurrentUser,
  HashtagCount,
  Id,
  Identity,
  InstancePolicy,
  Message,
  ModerationAction,
  ModerationInstance,
  ModerationLogEntry,
  ModerationReport,
  MutedWord,
  Notification,
  NotificationType,
  OauthAuthorizationQuery,
  OauthAuthorizationRequest,
  OauthDecision,
  OidcProvider,
  Poll,
  PollOption,
  PollRequest,
  Post,
  PostContext,
  PostMedia,
  PostVersion,
  Preferences,
  PreferencesChanges,
  Profile,
  ProfileTab,
  ReplyAudience,
  ReplySettings,
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
  Role,
  ScheduledWhisp,
  SearchUser,
  SuggestedUser,
  SupportCategory,
  SupportPriority,
  Timestamp,
  UnreadCounts,
  UserSummary,
} from './models.js';
export {
  INSTANCE_POLICIES,
  MODERATION_ACTIONS,
  NOTIFICATION_TYPES,
  PROFILE_TABS,
  REPLY_AUDIENCES,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
} from './models.js';
export type {
  InstancePolicyInput,
  MemberRole,
  ModerationApi,
  ReportInput,
  ReportResolution,
} from './moderation/moderation.api.js';
export type { NotificationPage, NotificationQuery } from './notifications/notifications.api.js';
export type {
  FeedName,
  FeedPage,
  FeedQuery,
  NewAttachment,
  NewPost,
  NewPostNow,
  NewReply,
  NewScheduledPost,
  PostEdit,
  Report,
} from './posts/posts.api.js';
export { FEED_PATHS, isScheduledWhisp } from './posts/posts.api.js';
export type { BlockState, MuteState, SafetyApi } from './safety/safety.api.js';
export type { ScheduledPostPatch, ScheduledPostsApi } from './scheduled/scheduled.api.js';
export type { HashtagResults, SearchResults } from './search/search.api.js';
export type { SupportRequest } from './support/support.api.js';
export type {
  BannerPosition,
  FollowState,
  MemberLookup,
  PostPage,
  ProfilePostsQuery,
  ProfileUpdate,
  Upload,
  UserPage,
} from './users/users.api.js';
export { CURRENT_USER_PATH } from './users/users.api.js';
