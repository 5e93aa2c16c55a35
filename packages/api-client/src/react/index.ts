// `@whisp/api-client/react`: the TanStack Query layer (query keys, queryOptions and mutation
// factories, cache helpers, live events) and the React provider and hooks over it. It is a subpath
// of its own so that the root entry needs neither React nor @tanstack/react-query: a team that
// only calls the API, or only renders @whisp/ui's components, installs neither.
export { accountKeys, accountMutations, accountQueries } from '../account/account.queries.js';
export type { ImportArchiveInput } from '../account-data/accountData.queries.js';
export { accountDataMutations } from '../account-data/accountData.queries.js';
export { authMutations } from '../auth/auth.queries.js';
export { bookmarkKeys, bookmarkQueries } from '../bookmarks/bookmarks.queries.js';
export {
  connectedAppKeys,
  connectedAppMutations,
  connectedAppQueries,
} from '../connected-apps/connectedApps.queries.js';
export type { LiveEventsOptions } from '../events/liveEvents.js';
export { subscribeToLiveEvents } from '../events/liveEvents.js';
export { healthKeys, healthQueryOptions } from '../health/health.queries.js';
export {
  identityKeys,
  identityMutations,
  identityQueries,
} from '../identities/identities.queries.js';
export type { MessagePages } from '../messages/messages.queries.js';
export {
  appendMessage,
  messageKeys,
  messageMutations,
  messageQueries,
} from '../messages/messages.queries.js';
export {
  moderationKeys,
  moderationMutations,
  moderationQueries,
  useLiftInstancePolicy,
  useModerationInstances,
  useModerationLog,
  useModerationReports,
  useReportPost,
  useReportUser,
  useResolveReport,
  useSetInstancePolicy,
  useSetRole,
  useUnsuspend,
} from '../moderation/moderation.queries.js';
export type { NotificationPages } from '../notifications/notifications.queries.js';
export {
  notificationKeys,
  notificationMutations,
  notificationQueries,
  prependNotification,
} from '../notifications/notifications.queries.js';
export { postKeys, postMutations, postQueries } from '../posts/posts.queries.js';
export {
  applyPreferencesChanges,
  preferencesMutations,
  preferencesQueries,
} from '../preferences/preferences.queries.js';
export {
  applyPostState,
  isPost,
  removePostFromCache,
  updateMemberInCache,
  updatePollInCache,
  updatePostInCache,
} from '../query/cache.js';
export { MEMBER_BEARING_ROOTS, POST_BEARING_ROOTS } from '../query/keys.js';
export { insertReplyIntoContexts } from '../query/threadContext.js';
export { safetyKeys, safetyMutations, safetyQueries } from '../safety/safety.queries.js';
export {
  scheduledPostKeys,
  scheduledPostMutations,
  scheduledPostQueries,
  useCancelScheduledPost,
  useScheduledPosts,
  useUpdateScheduledPost,
} from '../scheduled/scheduled.queries.js';
export { searchKeys, searchQueries } from '../search/search.queries.js';
export { supportMutations } from '../support/support.queries.js';
export { trendKeys, trendQueries } from '../trends/trends.queries.js';
export {
  followRequestKeys,
  followRequestMutations,
  followRequestQueries,
} from '../users/follow-requests.queries.js';
export { userKeys, userMutations, userQueries } from '../users/users.queries.js';
export {
  useAcceptFollowRequest,
  useAccountSessions,
  useChangePassword,
  useCompleteOidcSignIn,
  useConfirmPasswordReset,
  useConnectedApps,
  useConnectIdentity,
  useCreatePost,
  useDecideAuthorization,
  useDeleteAccount,
  useDeletePost,
  useDisconnectIdentity,
  useDownloadExport,
  useEditPost,
  useEndSession,
  useFollowRequests,
  useIdentities,
  useImportArchive,
  useLogin,
  useLogout,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMemberLookup,
  useOauthAuthorization,
  usePostContext,
  usePostHistory,
  usePreferences,
  useRegister,
  useRejectFollowRequest,
  useReply,
  useRequestPasswordReset,
  useRevokeConnectedApp,
  useSendMessage,
  useSignInProviders,
  useToggleBookmark,
  useToggleFollow,
  useToggleLike,
  useToggleRewhisp,
  useUpdatePreferences,
  useUpdateProfile,
  useVotePoll,
} from './hooks.js';
export type { WhispClientProviderProps } from './WhispClientProvider.js';
export { useLiveEvents, useWhispClient, WhispClientProvider } from './WhispClientProvider.js';
