import { hashKey, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Id, Poll, Post, ScheduledWhisp } from '../models.js';
import {
  MEMBER_BEARING_ROOTS,
  POST_BEARING_ROOTS,
  postKeys,
  scheduledPostKeys,
  userKeys,
} from './keys.js';

/**
 * Cache helpers that find every copy of a whisp or a member, wherever a query holds it: feeds
 * and their pages, profile tabs, bookmarks, search results, a thread, and the originals nested
 * in rewhisps. A like made in the feed shows on the profile, in bookmarks and in search at once.
 */

type Transform = (value: unknown) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isPost(value: unknown): value is Post {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    isRecord(value.author) &&
    typeof value.like_count === 'number'
  );
}

/** Rebuilds only what changed (same references elsewhere), so untouched rows do not re-render. */
function deepMap(value: unknown, visit: Transform): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const mapped = deepMap(item, visit);
      if (mapped !== item) changed = true;
      return mapped;
    });
    return visit(changed ? next : value);
  }
  if (isRecord(value)) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const mapped = deepMap(item, visit);
      if (mapped !== item) changed = true;
      next[key] = mapped;
    }
    return visit(changed ? next : value);
  }
  return value;
}

function updateQueries(queryClient: QueryClient, roots: readonly string[], visit: Transform) {
  const queries = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => roots.includes(String(query.queryKey[0])) });
  for (const query of queries) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = deepMap(data, visit);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** Applies `update` to every cached copy of the whisp `id` (nested rewhisp originals included). */
export function updatePostInCache(
  queryClient: QueryClient,
  id: Id,
  update: Partial<Post> | ((post: Post) => Post),
) {
  updateQueries(queryClient, POST_BEARING_ROOTS, (value) => {
    if (!isPost(value) || value.id !== id) return value;
    return typeof update === 'function' ? update(value) : { ...value, ...update };
  });
}

/** The counts and the viewer's flags of a whisp the server just returned, copied everywhere. */
export function applyPostState(queryClient: QueryClient, post: Post) {
  updatePostInCache(queryClient, post.id, {
    like_count: post.like_count,
    is_liked: post.is_liked,
    rewhisp_count: post.rewhisp_count,
    is_rewhisped: post.is_rewhisped,
    reply_count: post.reply_count,
    is_bookmarked: post.is_bookmarked,
  });
}

/**
 * A poll the server just answered (after a vote), copied to every cached whisp holding it: the
 * whisp in feeds, profile tabs, bookmarks, search and threads, and originals inside rewhisps.
 */
export function updatePollInCache(queryClient: QueryClient, poll: Poll) {
  updateQueries(queryClient, POST_BEARING_ROOTS, (value) =>
    isPost(value) && value.poll?.id === poll.id ? { ...value, poll } : value,
  );
}

/**
 * Takes a deleted whisp out of every list: the post itself, rewhisps of it, and bookmark entries
 * holding it.
 */
export function removePostFromCache(queryClient: QueryClient, id: Id) {
  const isGone = (item: unknown) =>
    (isPost(item) && (item.id === id || item.rewhisp_of?.id === id)) ||
    (isRecord(item) && isPost(item.post) && item.post.id === id);
  updateQueries(queryClient, POST_BEARING_ROOTS, (value) =>
    Array.isArray(value) && value.some(isGone) ? value.filter((item) => !isGone(item)) : value,
  );
}

/**
 * Copies member fields (follow state, counts, names, pictures) to every cached object about the
 * member `id` that has those fields: profiles, suggestions, search users, whisp authors.
 */
export function updateMemberInCache(
  queryClient: QueryClient,
  id: Id,
  patch: Record<string, unknown>,
) {
  updateQueries(queryClient, MEMBER_BEARING_ROOTS, (value) => {
    if (!isRecord(value) || value.id !== id || isPost(value)) return value;
    const changes = Object.entries(patch).filter(
      ([key, next]) => key in value && value[key] !== next,
    );
    return changes.length ? { ...value, ...Object.fromEntries(changes) } : value;
  });
}

/** A page of any infinite list of whisps: feeds page by cursor, profile tabs and threads by offset. */
type PostPages = InfiniteData<{ posts: Post[]; has_more?: boolean }, unknown>;

const holds = (data: PostPages, id: Id) =>
  data.pages.some((page) => page.posts.some((post) => post.id === id));

/**
 * The lists the member's own new whisp belongs at the top of, as their server reads would put it
 * there: For you, Following and the Whisps tab of their profile. Replies are in none of them (the
 * feeds and the tab list top-level whisps); they go to their thread (`appendReplyToThread`).
 */
export function newWhispLists(post: Post): QueryKey[] {
  if (post.is_reply || post.rewhisp_of) return [];
  return [
    postKeys.list({ feed: 'for-you' }),
    postKeys.list({ feed: 'following' }),
    userKeys.tab(post.author.id, 'posts'),
  ];
}

/**
 * Puts a whisp the member just posted at the top of the first page of each of `lists` already in
 * the cache, as X and Mastodon do: For you ranks a fresh whisp below busier ones, so a refetch
 * would not show it where the member is looking. A list that already holds it (a refetch got
 * there first) is left alone, and a later refetch replaces the pages, so it never shows twice.
 * Cursors stay valid (they point below the whisps already shown); offsets of later pages move
 * down by one, as the server's list did. Returns the hashes of the queries it changed.
 */
export function prependPostToLists(
  queryClient: QueryClient,
  post: Post,
  lists: QueryKey[],
): Set<string> {
  const changed = new Set<string>();
  for (const queryKey of lists) {
    const data = queryClient.getQueryData<PostPages>(queryKey);
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || holds(data, post.id)) continue;
    queryClient.setQueryData<PostPages>(queryKey, {
      pages: [{ ...first, posts: [post, ...first.posts] }, ...rest],
      pageParams: data.pageParams.map((param, index) =>
        index > 0 && typeof param === 'number' ? param + 1 : param,
      ),
    });
    changed.add(hashKey(queryKey));
  }
  return changed;
}

/**
 * Shows a reply just posted at the end of its thread's replies (oldest first), when the loaded
 * pages reach the end; with more still to load it is among them, at the end. True when shown.
 */
export function appendReplyToThread(queryClient: QueryClient, parentId: Id, reply: Post) {
  const queryKey = postKeys.replies(parentId);
  const data = queryClient.getQueryData<PostPages>(queryKey);
  const last = data?.pages.at(-1);
  if (!data || !last || last.has_more || holds(data, reply.id)) return false;
  queryClient.setQueryData<PostPages>(queryKey, {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, posts: [...last.posts, reply] }],
  });
  return true;
}

const soonestFirst = (a: ScheduledWhisp, b: ScheduledWhisp) =>
  Date.parse(a.scheduled_at) - Date.parse(b.scheduled_at) || (a.id < b.id ? -1 : 1);

/**
 * Puts a scheduled whisp the server just answered (new or changed) in its place in the cached
 * list, soonest first; a list not read yet is left to its first read.
 */
export function putScheduledInList(queryClient: QueryClient, whisp: ScheduledWhisp) {
  queryClient.setQueryData<ScheduledWhisp[]>(scheduledPostKeys.list(), (list) =>
    list ? [...list.filter((item) => item.id !== whisp.id), whisp].sort(soonestFirst) : list,
  );
}
