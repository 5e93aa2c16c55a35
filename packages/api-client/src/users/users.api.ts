import type { ApiContext, DataBody, OffsetPage } from '../http/context.js';
import type {
  CurrentUser,
  Id,
  Post,
  Preferences,
  PreferencesChanges,
  Profile,
  ProfileTab,
  SuggestedUser,
  UserSummary,
} from '../models.js';

export interface ProfileUpdate {
  bio?: string | null;
  display_name?: string;
  /** Only accepted followers read a private member's whisps; turning it off accepts every request. */
  is_private?: boolean;
}

export interface BannerPosition {
  position_x: number;
  position_y: number;
}

export interface ProfilePostsQuery extends OffsetPage {
  tab?: ProfileTab;
}

export interface PostPage {
  posts: Post[];
  has_more: boolean;
}

export interface UserPage {
  users: UserSummary[];
  has_more: boolean;
}

export interface FollowState {
  is_following: boolean;
  /** Following a private member asks them first: true while they have not answered. */
  is_requested: boolean;
  followers_count: number;
}

/**
 * Whom `GET /api/users/lookup` looks for: a handle (`alice`, `alice@remote.example`), or the
 * address of a member's actor on their server (as a link from another site gives it).
 */
export type MemberLookup = { acct: string; url?: never } | { url: string; acct?: never };

/** A follow request answered: the member's followers count after it. */
export interface FollowRequestDecision {
  followers_count: number;
}

interface UserBody {
  success: true;
  user: CurrentUser;
  message?: string;
}

/** A file to upload: a File keeps its own name; a bare Blob gets `filename`. */
export type Upload = Blob | File;

function formWith(field: string, file: Upload, filename?: string) {
  const form = new FormData();
  const name = filename ?? (file instanceof File ? file.name : field);
  form.append(field, file, name);
  return form;
}

/** The signed-in member: also the session check at start-up, which the boot script asks early. */
export const CURRENT_USER_PATH = '/api/users/me';
const PREFERENCES_PATH = '/api/users/me/preferences';
const FOLLOW_REQUESTS_PATH = '/api/users/me/follow-requests';

export function createUsersApi({ request, media }: ApiContext) {
  const currentUser = (body: UserBody) => media.currentUser(body.user);
  const path = (id: Id) => `/api/users/${encodeURIComponent(id)}`;

  return {
    /** GET /api/users/me: the signed-in member (also how a stored token is checked at start). */
    me: async (signal?: AbortSignal) =>
      media.currentUser((await request<DataBody<CurrentUser>>(CURRENT_USER_PATH, { signal })).data),

    /** POST /api/users/me: bio, display name and whether the account is private. */
    updateMe: async (update: ProfileUpdate) =>
      currentUser(await request<UserBody>(CURRENT_USER_PATH, { method: 'POST', body: update })),

    /** POST /api/users/avatar (multipart `avatar`, an image under 5 MB). */
    uploadAvatar: async (file: Upload, filename?: string) =>
      currentUser(
        await request<UserBody>('/api/users/avatar', {
          method: 'POST',
          body: formWith('avatar', file, filename),
        }),
      ),

    /** POST /api/users/banner (multipart `banner`, an image under 10 MB). */
    uploadBanner: async (file: Upload, filename?: string) =>
      currentUser(
        await request<UserBody>('/api/users/banner', {
          method: 'POST',
          body: formWith('banner', file, filename),
        }),
      ),

    /** PUT /api/users/banner/position: percentages, clamped 0–100 by the server. */
    setBannerPosition: async (position: BannerPosition) =>
      currentUser(
        await request<UserBody>('/api/users/banner/position', { method: 'PUT', body: position }),
      ),

    /** GET /api/users/me/preferences (they also come with `me()`, as `preferences`). */
    preferences: async (signal?: AbortSignal) =>
      (await request<DataBody<Preferences>>(PREFERENCES_PATH, { signal })).data,

    /** PATCH /api/users/me/preferences: any subset; the whole object as it now reads. */
    updatePreferences: async (changes: PreferencesChanges) =>
      (
        await request<DataBody<Preferences> & { message: string }>(PREFERENCES_PATH, {
          method: 'PATCH',
          body: changes,
        })
      ).data,

    /** GET /api/users/suggested: never yourself, never people you already follow. */
    suggested: async (options: { limit?: number } = {}, signal?: AbortSignal) =>
      (
        await request<DataBody<SuggestedUser[]>>('/api/users/suggested', {
          query: { limit: options.limit },
          signal,
        })
      ).data.map(media.suggested),

    /**
     * GET /api/users/profile/{username}: `username`, or `username@host` for a member of another
     * server already known here; 404 USER_NOT_FOUND for nobody of that name.
     */
    profile: async (username: string, signal?: AbortSignal) =>
      media.profile(
        (
          await request<DataBody<Profile>>(`/api/users/profile/${encodeURIComponent(username)}`, {
            signal,
          })
        ).data,
      ),

    /**
     * GET /api/users/lookup: a member by handle or actor URL. A member of another server that
     * this one has not met yet is fetched from theirs; 404 USER_NOT_FOUND when that fails.
     */
    lookup: async (address: MemberLookup, signal?: AbortSignal) =>
      media.profile(
        (
          await request<DataBody<Profile>>('/api/users/lookup', {
            query: { acct: address.acct, url: address.url },
            signal,
          })
        ).data,
      ),

    /** GET /api/users/{id}. */
    byId: async (id: Id, signal?: AbortSignal) =>
      media.profile((await request<DataBody<Profile>>(path(id), { signal })).data),

    /** GET /api/users/{id}/posts: a profile tab; someone else's likes and bookmarks are 403. */
    posts: async (
      id: Id,
      query: ProfilePostsQuery = {},
      signal?: AbortSignal,
    ): Promise<PostPage> => {
      const body = await request<{ success: true; posts: Post[]; has_more: boolean }>(
        `${path(id)}/posts`,
        { query: { tab: query.tab, limit: query.limit, offset: query.offset }, signal },
      );
      return { posts: body.posts.map(media.post), has_more: body.has_more };
    },

    /** POST /api/users/{id}/follow: idempotent; following yourself is a 400. */
    follow: async (id: Id) =>
      (await request<DataBody<FollowState>>(`${path(id)}/follow`, { method: 'POST' })).data,

    /** POST /api/users/{id}/unfollow: succeeds when not following too. */
    unfollow: async (id: Id) =>
      (await request<DataBody<FollowState>>(`${path(id)}/unfollow`, { method: 'POST' })).data,

    /** GET /api/users/me/follow-requests: who asked to follow the member, oldest first. */
    followRequests: async (signal?: AbortSignal) =>
      (await request<DataBody<UserSummary[]>>(FOLLOW_REQUESTS_PATH, { signal })).data.map(
        media.user,
      ),

    /** POST /api/users/me/follow-requests/{id}/accept: they now follow the member. */
    acceptFollowRequest: async (id: Id) =>
      (
        await request<DataBody<FollowRequestDecision>>(
          `${FOLLOW_REQUESTS_PATH}/${encodeURIComponent(id)}/accept`,
          { method: 'POST' },
        )
      ).data,

    /** POST /api/users/me/follow-requests/{id}/reject: the request is gone, nobody told. */
    rejectFollowRequest: async (id: Id) =>
      (
        await request<DataBody<FollowRequestDecision>>(
          `${FOLLOW_REQUESTS_PATH}/${encodeURIComponent(id)}/reject`,
          { method: 'POST' },
        )
      ).data,

    /** GET /api/users/{id}/followers. */
    followers: async (id: Id, page: OffsetPage = {}, signal?: AbortSignal) =>
      userPage(
        await request<UserListBody>(`${path(id)}/followers`, { query: { ...page }, signal }),
      ),

    /** GET /api/users/{id}/following. */
    following: async (id: Id, page: OffsetPage = {}, signal?: AbortSignal) =>
      userPage(
        await request<UserListBody>(`${path(id)}/following`, { query: { ...page }, signal }),
      ),
  };

  function userPage(body: UserListBody): UserPage {
    return { users: body.data.map(media.user), has_more: body.has_more };
  }
}

interface UserListBody {
  success: true;
  data: UserSummary[];
  has_more: boolean;
}

export type UsersApi = ReturnType<typeof createUsersApi>;
