import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMutations, accountQueries } from '../account/account.queries.js';
import { accountDataMutations } from '../account-data/accountData.queries.js';
import { authMutations } from '../auth/auth.queries.js';
import {
  connectedAppMutations,
  connectedAppQueries,
} from '../connected-apps/connectedApps.queries.js';
import { identityMutations, identityQueries } from '../identities/identities.queries.js';
import { messageMutations } from '../messages/messages.queries.js';
import type { Id, OauthAuthorizationQuery } from '../models.js';
import { notificationMutations } from '../notifications/notifications.queries.js';
import { postMutations, postQueries } from '../posts/posts.queries.js';
import { preferencesMutations, preferencesQueries } from '../preferences/preferences.queries.js';
import { followRequestMutations, followRequestQueries } from '../users/follow-requests.queries.js';
import { userMutations, userQueries } from '../users/users.queries.js';
import { useWhispClient } from './WhispClientProvider.js';

/**
 * Mutation hooks for the common actions; each is `useMutation(<resource>Mutations.x(client,
 * queryClient))`, so a screen that wants different callbacks can build its own from the factory.
 */
function useBound<T>(
  factory: (
    client: ReturnType<typeof useWhispClient>,
    queryClient: ReturnType<typeof useQueryClient>,
  ) => T,
) {
  return factory(useWhispClient(), useQueryClient());
}

/** `mutate({ id, liked: !post.is_liked })`: the heart changes when the server has agreed. */
export const useToggleLike = () => useMutation(useBound(postMutations.like));
export const useToggleRewhisp = () => useMutation(useBound(postMutations.rewhisp));
export const useToggleBookmark = () => useMutation(useBound(postMutations.bookmark));
export const useToggleFollow = () => useMutation(useBound(userMutations.follow));
export const useCreatePost = () => useMutation(useBound(postMutations.create));
export const useReply = () => useMutation(useBound(postMutations.reply));
export const useDeletePost = () => useMutation(useBound(postMutations.remove));
/** `mutate({ id, content, content_warning })`: every cached copy shows the edit. */
export const useEditPost = () => useMutation(useBound(postMutations.edit));
/** `mutate({ pollId, choices })`: the poll changes everywhere once the server has counted it. */
export const useVotePoll = () => useMutation(useBound(postMutations.votePoll));

/** A query of one whisp that waits for its id, and for `enabled` when the caller gives it. */
function useWhispQuery<T>(
  factory: (client: ReturnType<typeof useWhispClient>, id: Id) => T,
  id: Id | null | undefined,
  enabled: boolean | undefined,
) {
  const client = useWhispClient();
  return { ...factory(client, id ?? ''), enabled: Boolean(id) && enabled !== false };
}

/** The thread around a whisp: `data.ancestors` (root first) and `data.descendants` (depth first). */
export const usePostContext = (id: Id | null | undefined, options: { enabled?: boolean } = {}) =>
  useQuery(useWhispQuery(postQueries.context, id, options.enabled));
/**
 * A whisp's versions, oldest first. Pass `enabled: open` so they are read only when someone asks
 * to see them (an edited label opening its history), not for every edited card.
 */
export const usePostHistory = (id: Id | null | undefined, options: { enabled?: boolean } = {}) =>
  useQuery(useWhispQuery(postQueries.history, id, options.enabled));
export const useUpdateProfile = () => useMutation(useBound(userMutations.updateProfile));
/**
 * A member by handle (`alice@remote.example`): `GET /api/users/lookup`, which fetches a member of
 * another server from theirs when new. A 404 (`isApiError(error) && error.status === 404`) means
 * nobody answers to it; pass `enabled: false` until the handle is complete.
 */
export const useMemberLookup = (acct: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...userQueries.lookup(useWhispClient(), acct),
    enabled: options.enabled !== false && acct.trim() !== '',
  });
/** Who asked to follow the signed-in (private) member, oldest first. */
export const useFollowRequests = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...followRequestQueries.list(useWhispClient()), enabled: options.enabled !== false });
/** `mutate(memberId)`: the request leaves the list at once, and comes back if the save fails. */
export const useAcceptFollowRequest = () => useMutation(useBound(followRequestMutations.accept));
export const useRejectFollowRequest = () => useMutation(useBound(followRequestMutations.reject));
/** The signed-in member's preferences, from the member's own query (no request of their own). */
export const usePreferences = () => useQuery(preferencesQueries.current(useWhispClient()));
/** `mutate(changes)`: the switches change at once and go back if the save fails. */
export const useUpdatePreferences = () => useMutation(useBound(preferencesMutations.update));
export const useLogin = () => useMutation(useBound(authMutations.login));
export const useRegister = () => useMutation(useBound(authMutations.register));
export const useLogout = () => useMutation(useBound(authMutations.logout));
export const useMarkNotificationRead = () => useMutation(useBound(notificationMutations.markRead));
export const useMarkAllNotificationsRead = () =>
  useMutation(useBound(notificationMutations.markAllRead));
export const useSendMessage = () => useMutation(useBound(messageMutations.send));
export const useRequestPasswordReset = () =>
  useMutation(accountMutations.requestPasswordReset(useWhispClient()));
export const useConfirmPasswordReset = () =>
  useMutation(accountMutations.confirmPasswordReset(useWhispClient()));
export const useChangePassword = () => useMutation(useBound(accountMutations.changePassword));
export const useEndSession = () => useMutation(useBound(accountMutations.endSession));
/** Where the member is signed in, newest first (the current one marked). */
export const useAccountSessions = () => useQuery(accountQueries.sessions(useWhispClient()));
/** Downloads the member's export: `mutate({ onProgress })`, the zip and its name in `data`. */
export const useDownloadExport = () =>
  useMutation(accountDataMutations.downloadExport(useWhispClient()));
/** Brings an export from another server: `mutate({ archive, onUploadProgress })`. */
export const useImportArchive = () => useMutation(useBound(accountDataMutations.importArchive));
/** Deletes the account for good: `mutate(password)`; the cache is cleared once it is gone. */
export const useDeleteAccount = () => useMutation(useBound(accountDataMutations.deleteAccount));
/** The providers configured for "Continue with" (none: an empty list), signed in or not. */
export const useSignInProviders = () => useQuery(identityQueries.providers(useWhispClient()));
/**
 * Finishes a provider's sign-in: `mutate(undefined)`, then `mutate(username)` when `data.status`
 * is `username-needed`. A sign-in stores the token and caches the member.
 */
export const useCompleteOidcSignIn = () => useMutation(useBound(identityMutations.complete));
/** The signed-in member's connected provider accounts, oldest first. */
export const useIdentities = () => useQuery(identityQueries.mine(useWhispClient()));
/** `mutate(providerId)`: answers `{ url }` for the browser to open. */
export const useConnectIdentity = () => useMutation(identityMutations.connect(useWhispClient()));
/** `mutate(identityId)`: the account leaves the list at once and comes back if refused. */
export const useDisconnectIdentity = () => useMutation(useBound(identityMutations.disconnect));
/**
 * The consent page's request: the app and what it asks for, or why it cannot be authorized
 * (an ApiError with an OAUTH_* code and the sentence to show).
 */
export const useOauthAuthorization = (query: OauthAuthorizationQuery) =>
  useQuery(connectedAppQueries.authorization(useWhispClient(), query));
/** `mutate({ ...query, decision })`: answers the `ticket` the page posts in a form. */
export const useDecideAuthorization = () => useMutation(useBound(connectedAppMutations.decide));
/** The apps the signed-in member authorized, most recently authorized first. */
export const useConnectedApps = () => useQuery(connectedAppQueries.mine(useWhispClient()));
/** `mutate(appId)`: the app leaves the list at once and comes back if refused. */
export const useRevokeConnectedApp = () => useMutation(useBound(connectedAppMutations.revoke));
