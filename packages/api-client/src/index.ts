export type { LoginInput, RegisterInput, Session } from './auth/auth.api.js';
export { authMutations } from './auth/auth.queries.js';
export type { BookmarkPage } from './bookmarks/bookmarks.api.js';
export { bookmarkKeys, bookmarkQueries } from './bookmarks/bookmarks.queries.js';
export type { WhispClient, WhispClientOptions } from './client.js';
export { createWhispClient } from './client.js';
export * as limits from './contract/limits.js';
export type {
  EventSourceConstructor,
  EventSourceLike,
  LiveEventHandlers,
  LiveEventStream,
} from './events/events.api.js';
export type { LiveEventsOptions } from './events/liveEvents.js';
export { subscribeToLiveEvents } from './events/liveEvents.js';
export type { HealthStatus } from './health/health.api.js';
export { HEALTH_PATH } from './health/health.api.js';
export { healthKeys, healthQueryOptions } from './health/health.queries.js';
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
export type { NewMessage } from './messages/messages.api.js';
export type { MessagePages } from './messages/messages.queries.js';
export {
  appendMessage,
  messageKeys,
  messageMutations,
  messageQueries,
} from './messages/messages.queries.js';
export type {
  Bookmark,
  Conversation,
  CurrentUser,
  HashtagCount,
  Id,
  Message,
  Notification,
  NotificationType,
  Post,
  Profile,
  ProfileTab,
  ReplyAudience,
  ReplySettings,
  SearchUser,
  SuggestedUser,
  SupportCategory,
  SupportPriority,
  Timestamp,
  UnreadCounts,
  UserSummary,
} from './models.js';
export {
  NOTIFICATION_TYPES,
  PROFILE_TABS,
  REPLY_AUDIENCES,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
} from './models.js';
export type { NotificationPage, NotificationQuery } from './notifications/notifications.api.js';
export type { NotificationPages } from './notifications/notifications.queries.js';
export {
  notificationKeys,
  notificationMutations,
  notificationQueries,
  prependNotification,
} from './notifications/notifications.queries.js';
export type {
  FeedName,
  FeedPage,
  FeedQuery,
  NewPost,
  NewReply,
  Report,
} from './posts/posts.api.js';
export { FEED_PATHS } from './posts/posts.api.js';
export { postKeys, postMutations, postQueries } from './posts/posts.queries.js';
export {
  applyPostState,
  isPost,
  removePostFromCache,
  updateMemberInCache,
  updatePostInCache,
} from './query/cache.js';
export { MEMBER_BEARING_ROOTS, POST_BEARING_ROOTS } from './query/keys.js';
export {
  useCreatePost,
  useDeletePost,
  useLogin,
  useLogout,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useRegister,
  useReply,
  useSendMessage,
  useToggleBookmark,
  useToggleFollow,
  useToggleLike,
  useToggleRewhisp,
  useUpdateProfile,
} from './react/hooks.js';
export type { WhispClientProviderProps } from './react/WhispClientProvider.js';
export { useLiveEvents, useWhispClient, WhispClientProvider } from './react/WhispClientProvider.js';
export type { HashtagResults, SearchResults } from './search/search.api.js';
export { searchKeys, searchQueries } from './search/search.queries.js';
export type { SupportRequest } from './support/support.api.js';
export { supportMutations } from './support/support.queries.js';
export { trendKeys, trendQueries } from './trends/trends.queries.js';
export type {
  BannerPosition,
  FollowState,
  PostPage,
  ProfilePostsQuery,
  ProfileUpdate,
  Upload,
  UserPage,
} from './users/users.api.js';
export { CURRENT_USER_PATH } from './users/users.api.js';
export { userKeys, userMutations, userQueries } from './users/users.queries.js';
