import type { Id, ProfileTab } from '../models.js';
import type { FeedName } from '../posts/posts.api.js';

/**
 * Every query key of the client, general to specific (`all → lists → list(filters) → details →
 * detail(id)`), so one `invalidateQueries({ queryKey: postKeys.lists() })` reaches every feed.
 * They live together because the cache helpers walk several resources' keys at once; each
 * resource's queries file re-exports its own.
 */

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filters: { feed: FeedName; limit?: number }) => [...postKeys.lists(), filters] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: Id) => [...postKeys.details(), id] as const,
  replies: (id: Id) => [...postKeys.detail(id), 'replies'] as const,
  /** The thread around a whisp (ancestors and descendants). */
  context: (id: Id) => [...postKeys.detail(id), 'context'] as const,
  /** Its versions, oldest first. */
  history: (id: Id) => [...postKeys.detail(id), 'history'] as const,
};

/** The signed-in member's scheduled whisps: their own, never holding a published Post. */
export const scheduledPostKeys = {
  all: ['scheduled-posts'] as const,
  list: () => [...scheduledPostKeys.all, 'list'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  /** The signed-in member (CurrentUser); also what "am I signed in" is read from. */
  me: () => [...userKeys.all, 'me'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  suggested: (limit: number) => [...userKeys.lists(), { kind: 'suggested', limit }] as const,
  followers: (id: Id) => [...userKeys.lists(), { kind: 'followers', id }] as const,
  following: (id: Id) => [...userKeys.lists(), { kind: 'following', id }] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: Id) => [...userKeys.details(), id] as const,
  /** Profiles are opened by `acct` (routes are /user/{acct}: `alice`, `alice@remote.example`). */
  byUsername: (username: string) => [...userKeys.all, 'profile', username.toLowerCase()] as const,
  /** A member found by handle (`GET /api/users/lookup`), as search offers one of another server. */
  lookup: (acct: string) => [...userKeys.all, 'lookup', acct.toLowerCase()] as const,
  tabs: (id: Id) => [...userKeys.detail(id), 'posts'] as const,
  tab: (id: Id, tab: ProfileTab) => [...userKeys.tabs(id), tab] as const,
};

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  lists: () => [...bookmarkKeys.all, 'list'] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, 'results', q.trim()] as const,
  hashtag: (tag: string) =>
    [...searchKeys.all, 'hashtag', tag.replace(/^#/, '').toLowerCase()] as const,
};

export const trendKeys = {
  all: ['trends'] as const,
  list: (limit: number) => [...trendKeys.all, 'list', { limit }] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  conversation: (id: Id) => [...messageKeys.all, 'conversation', id] as const,
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
};

/** Queries whose data can hold a whisp: the post cache helpers walk exactly these. */
export const POST_BEARING_ROOTS: readonly string[] = [
  postKeys.all[0],
  userKeys.all[0],
  bookmarkKeys.all[0],
  searchKeys.all[0],
];

/** Queries whose data can hold a member (profiles, summaries, search users, authors). */
export const MEMBER_BEARING_ROOTS: readonly string[] = [
  ...POST_BEARING_ROOTS,
  notificationKeys.all[0],
];
