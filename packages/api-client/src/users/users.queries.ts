import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { PAGE_SIZE, SUGGESTED_USERS_DEFAULT } from '../contract/limits.js';
import { parseAcct } from '../contract/member-address.js';
import { isApiError } from '../http/ApiError.js';
import type { CurrentUser, Id, ProfileTab } from '../models.js';
import { updateMemberInCache } from '../query/cache.js';
import { postKeys, userKeys } from '../query/keys.js';
import type { BannerPosition, ProfileUpdate, Upload } from './users.api.js';

export { userKeys };

const isNotFound = (error: unknown) => (error as { status?: number }).status === 404;
// A 404 (USER_NOT_FOUND) is an answer, not a hiccup to retry.
const retryUnlessNotFound = (count: number, error: Error) => !isNotFound(error) && count < 2;

export const userQueries = {
  /**
   * The signed-in member: how a stored token is checked at start. A 401 means the token is dead,
   * so it is removed (product-spec sections 4 and 8) and the error says the person is signed out.
   */
  me: (client: WhispClient) =>
    queryOptions({
      queryKey: userKeys.me(),
      queryFn: async ({ signal }) => {
        try {
          return await client.users.me(signal);
        } catch (error) {
          if (isApiError(error) && error.status === 401) client.tokenStore.clear();
          throw error;
        }
      },
      retry: false,
    }),

  /**
   * A profile page, `/user/{acct}`. A member of another server whom this one has not met yet is
   * unknown to the profile read (404): their handle is then looked up, which fetches them from
   * their server, so a handle pasted or linked from elsewhere opens too.
   */
  byUsername: (client: WhispClient, username: string) =>
    queryOptions({
      queryKey: userKeys.byUsername(username),
      queryFn: async ({ signal }) => {
        try {
          return await client.users.profile(username, signal);
        } catch (error) {
          if (!isNotFound(error) || !parseAcct(username)?.host) throw error;
          return client.users.lookup({ acct: username }, signal);
        }
      },
      retry: retryUnlessNotFound,
    }),

  /**
   * A member by handle (`alice`, `@alice@remote.example`), as search offers one: a member of
   * another server is fetched from theirs when new; 404 when it cannot be.
   */
  lookup: (client: WhispClient, acct: string) => {
    const handle = acct.trim().replace(/^@/, '');
    return queryOptions({
      queryKey: userKeys.lookup(handle),
      queryFn: ({ signal }) => client.users.lookup({ acct: handle }, signal),
      retry: retryUnlessNotFound,
    });
  },

  detail: (client: WhispClient, id: Id) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: ({ signal }) => client.users.byId(id, signal),
    }),

  suggested: (client: WhispClient, limit = SUGGESTED_USERS_DEFAULT) =>
    queryOptions({
      queryKey: userKeys.suggested(limit),
      queryFn: ({ signal }) => client.users.suggested({ limit }, signal),
    }),

  /** A profile tab (Whisps, Media, Likes, Rewhisps, Bookmarks), 20 at a time. */
  tab: (client: WhispClient, id: Id, tab: ProfileTab) =>
    infiniteQueryOptions({
      queryKey: userKeys.tab(id, tab),
      queryFn: ({ pageParam, signal }) =>
        client.users.posts(id, { tab, limit: PAGE_SIZE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, _pages, offset: number) =>
        last.has_more ? offset + last.posts.length : undefined,
    }),

  followers: (client: WhispClient, id: Id) =>
    infiniteQueryOptions({
      queryKey: userKeys.followers(id),
      queryFn: ({ pageParam, signal }) =>
        client.users.followers(id, { limit: PAGE_SIZE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, _pages, offset: number) =>
        last.has_more ? offset + last.users.length : undefined,
    }),

  following: (client: WhispClient, id: Id) =>
    infiniteQueryOptions({
      queryKey: userKeys.following(id),
      queryFn: ({ pageParam, signal }) =>
        client.users.following(id, { limit: PAGE_SIZE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, _pages, offset: number) =>
        last.has_more ? offset + last.users.length : undefined,
    }),
};

/** The signed-in member changed: the `me` query and every copy of them (profile, authors). */
function applyCurrentUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(userKeys.me(), user);
  updateMemberInCache(queryClient, user.id, {
    display_name: user.display_name,
    bio: user.bio,
    avatar: user.profile_picture_url,
    profile_picture_url: user.profile_picture_url,
    profile_banner_url: user.profile_banner_url,
    banner_position_x: user.banner_position_x,
    banner_position_y: user.banner_position_y,
  });
}

export const userMutations = {
  /**
   * Follow or unfollow (product-spec section 4): the button changes once the server agrees, then
   * the new state and follower count reach the profile, search results and suggestions alike.
   * Following a private member answers `is_requested: true` (the button reads Requested), and
   * unfollowing then withdraws the request.
   */
  follow: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'follow'],
      mutationFn: ({ id, following }: { id: Id; following: boolean }) =>
        following ? client.users.follow(id) : client.users.unfollow(id),
      onSuccess: async (state, { id }) => {
        updateMemberInCache(queryClient, id, { ...state });
        const me = queryClient.getQueryData<CurrentUser>(userKeys.me());
        await Promise.all([
          // The Following feed and who-to-follow change; the viewer's own following count too.
          queryClient.invalidateQueries({
            queryKey: postKeys.list({ feed: 'following' }),
            refetchType: 'none',
          }),
          queryClient.invalidateQueries({ queryKey: userKeys.lists(), refetchType: 'none' }),
          me && queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) }),
          me && queryClient.invalidateQueries({ queryKey: userKeys.byUsername(me.username) }),
        ]);
      },
    }),

  updateProfile: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'update'],
      mutationFn: (update: ProfileUpdate) => client.users.updateMe(update),
      onSuccess: async (user, update) => {
        applyCurrentUser(queryClient, user);
        updateMemberInCache(queryClient, user.id, { is_private: user.is_private });
        // Turning privacy off accepted every pending request: the list and the counts moved.
        if (update.is_private === false) {
          await queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'follow-requests'] });
          await queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
        }
      },
    }),

  uploadAvatar: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'avatar'],
      mutationFn: (file: Upload) => client.users.uploadAvatar(file),
      onSuccess: (user) => applyCurrentUser(queryClient, user),
    }),

  uploadBanner: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'banner'],
      mutationFn: (file: Upload) => client.users.uploadBanner(file),
      onSuccess: (user) => applyCurrentUser(queryClient, user),
    }),

  setBannerPosition: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'banner-position'],
      mutationFn: (position: BannerPosition) => client.users.setBannerPosition(position),
      onSuccess: (user) => applyCurrentUser(queryClient, user),
    }),
};
