import { PUBLIC_POSTS_LIMIT_MAX } from '../../contract/limits.js';
import { FOR_YOU, forYouScore, TRENDS_SOURCE_POSTS } from '../../contract/rules.js';
import { normaliseHashtag } from '../../contract/text.js';
import type { Id } from '../../models.js';
import { fail } from '../errors.js';
import { compareText, newestFirst, type StoreContext, slice } from './context.js';
import type { PostRecord, UserRecord } from './records.js';
import { visibilityFor } from './visibility.js';

export interface FeedPaging {
  page: number;
  limit: number;
  cursor?: string | undefined;
}

/** Search ranks this many of the newest matches, as the server does. */
const SEARCH_RANK_WINDOW = 100;
const SEARCH_USERS_SHOWN = 10;
const MAX_QUERY_WORDS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

// Opaque to clients, like the server's: where the next page starts, as base64url JSON.
const encodeCursor = (offset: number) =>
  btoa(JSON.stringify({ offset })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function decodeCursor(cursor: string) {
  try {
    const { offset } = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as {
      offset?: unknown;
    };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw fail('invalidCursor');
}

/** Words as PostgreSQL's 'simple' text search splits them: letters and digits, lower-cased. */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** Every query word starts a word of the text ("cof" finds "coffee", "ffee" does not). */
const matchesAll = (query: string[], text: string) => {
  const own = words(text);
  return query.every((word) => own.some((candidate) => candidate.startsWith(word)));
};

/** The three feeds, a whisp's replies, bookmarks, search, hashtag pages and trends. */
export function createFeedOperations(ctx: StoreContext) {
  const shape = (viewer: UserRecord) => (post: PostRecord) => ctx.shapes.post(post, viewer.id);
  const counts = (post: PostRecord) => ({
    created_at: post.created_at,
    like_count: ctx.data.likes.filter((l) => l.post_id === post.id).length,
    rewhisp_count: ctx.data.posts.filter((p) => p.rewhisp_of_id === post.id).length,
    reply_count: ctx.data.posts.filter((p) => p.reply_to_id === post.id).length,
  });
  const byViewerOrFollowed = (viewer: UserRecord) => (post: PostRecord) =>
    post.author_id === viewer.id || ctx.shapes.isFollowing(viewer.id, post.author_id);
  const inFeed = (viewer: UserRecord) => visibilityFor(ctx.data, viewer.id).showsInFeed;
  const feedPage = (viewer: UserRecord, ordered: PostRecord[], paging: FeedPaging) => {
    const offset = paging.cursor ? decodeCursor(paging.cursor) : (paging.page - 1) * paging.limit;
    const { page, has_more } = slice(ordered, offset, paging.limit);
    return {
      posts: page.map(shape(viewer)),
      next_cursor: has_more ? encodeCursor(offset + paging.limit) : null,
    };
  };
  const find = (id: Id) => {
    const post = ctx.data.posts.find((p) => p.id === id);
    if (!post) throw fail('postNotFound');
    return post;
  };

  return {
    /** Own and followed members' whisps and rewhisps, newest first. */
    following(viewer: UserRecord, paging: FeedPaging) {
      const posts = ctx.data.posts
        .filter((p) => !p.is_reply && byViewerOrFollowed(viewer)(p))
        .filter(inFeed(viewer))
        .sort(newestFirst);
      return feedPage(viewer, posts, paging);
    },

    /** Everyone's whisps, newest first: no rewhisps, no replies. */
    publicPosts(viewer: UserRecord, paging: FeedPaging) {
      const posts = ctx.data.posts
        .filter((p) => !p.is_reply && !p.rewhisp_of_id)
        .filter(inFeed(viewer))
        .sort(newestFirst);
      return feedPage(viewer, posts, {
        ...paging,
        limit: Math.min(paging.limit, PUBLIC_POSTS_LIMIT_MAX),
      });
    },

    /**
     * For you: the newest own and followed whisps and rewhisps, and well-liked recent whisps of
     * others, ranked with the contract's score (recency, lifted for follows and engagement).
     */
    timeline(viewer: UserRecord, paging: FeedPaging) {
      const mine = byViewerOrFollowed(viewer);
      const topLevel = ctx.data.posts
        .filter((p) => !p.is_reply)
        .filter(inFeed(viewer))
        .sort(newestFirst);
      const since = new Date(Date.parse(ctx.now()) - FOR_YOU.wellLikedWindowDays * DAY_MS);
      const followed = topLevel.filter(mine).slice(0, FOR_YOU.candidates);
      const wellLiked = topLevel
        .filter(
          (p) =>
            !mine(p) &&
            !p.rewhisp_of_id &&
            p.created_at > since.toISOString() &&
            counts(p).like_count >= FOR_YOU.wellLikedMinLikes,
        )
        .slice(0, FOR_YOU.candidates);
      const ranked = [
        ...followed.map((post) => ({ post, score: forYouScore(counts(post), true) })),
        ...wellLiked.map((post) => ({ post, score: forYouScore(counts(post), false) })),
      ]
        .sort((a, b) => b.score - a.score || compareText(b.post.id, a.post.id))
        .map(({ post }) => post);
      return feedPage(viewer, ranked, paging);
    },

    /** A whisp's replies (a rewhisp's: its original's), oldest first. */
    replies(viewer: UserRecord, id: Id, limit: number, offset: number) {
      const visible = visibilityFor(ctx.data, viewer.id);
      const target = find(id);
      if (!visible.shows(target)) throw fail('postNotFound');
      const parent = target.rewhisp_of_id ? find(target.rewhisp_of_id) : target;
      const replies = ctx.data.posts
        .filter((p) => p.reply_to_id === parent.id && visible.shows(p))
        .sort((a, b) => compareText(a.created_at, b.created_at) || compareText(a.id, b.id));
      const { page, has_more } = slice(replies, offset, limit);
      return { posts: page.map(shape(viewer)), has_more };
    },

    bookmarks(viewer: UserRecord, limit: number, offset: number) {
      const visible = visibilityFor(ctx.data, viewer.id);
      const mine = ctx.data.bookmarks
        .filter((b) => b.user_id === viewer.id && visible.shows(find(b.post_id)))
        .sort(newestFirst);
      const { page, has_more } = slice(mine, offset, limit);
      return {
        bookmarks: page.map((b) => ({
          id: b.id,
          created_at: b.created_at,
          post: ctx.shapes.post(find(b.post_id), viewer.id),
        })),
        has_more,
        next_offset: has_more ? offset + limit : null,
      };
    },

    /**
     * Whisps (replies too, never rewhisps) holding every word as a word's start, newest first;
     * members whose username starts with the text or whose display name has words starting with
     * its words, the exact username first, then username matches, then the most followed.
     */
    search(viewer: UserRecord, q: string, limit: number) {
      const visible = visibilityFor(ctx.data, viewer.id);
      const query = words(q).slice(0, MAX_QUERY_WORDS);
      const posts =
        query.length === 0
          ? []
          : ctx.data.posts
              .filter((p) => !p.rewhisp_of_id && matchesAll(query, p.content))
              .filter(visible.showsInSearch)
              .sort(newestFirst)
              .slice(0, SEARCH_RANK_WINDOW)
              .slice(0, limit)
              .map(shape(viewer));
      const needle = q.trim().replace(/^@/, '').toLowerCase();
      const nameWords = words(needle).slice(0, MAX_QUERY_WORDS);
      const followers = (id: Id) =>
        ctx.shapes.searchUser(ctx.shapes.member(id), viewer.id).followers_count;
      const users = !needle
        ? []
        : ctx.data.users
            .filter(
              (u) =>
                u.username.toLowerCase().startsWith(needle) ||
                (nameWords.length > 0 && matchesAll(nameWords, u.display_name)),
            )
            .filter((u) => !visible.hides(u.id))
            .map((user) => ({
              user,
              exact: user.username.toLowerCase() === needle,
              prefix: user.username.toLowerCase().startsWith(needle),
              followers: followers(user.id),
            }))
            .sort(
              (a, b) =>
                Number(b.exact) - Number(a.exact) ||
                Number(b.prefix) - Number(a.prefix) ||
                b.followers - a.followers ||
                compareText(a.user.username, b.user.username),
            )
            .slice(0, SEARCH_USERS_SHOWN)
            .map(({ user }) => ctx.shapes.searchUser(user, viewer.id));
      return { posts, users };
    },

    /** Whisps with the hashtag (replies too, not rewhisps), newest first, and how many in all. */
    hashtag(viewer: UserRecord, tag: string, limit: number, offset: number) {
      const hashtag = normaliseHashtag(tag);
      const tagged = ctx.data.posts
        .filter((p) => !p.rewhisp_of_id && p.hashtags.includes(hashtag))
        .sort(newestFirst);
      // The count is of public members' whisps but suspended members', the same for everyone
      // (a private member's are counted for nobody, as the server's hashtag_counts); the page is
      // as the viewer's feeds are.
      const counted = tagged.filter((p) => {
        const author = ctx.shapes.userById(p.author_id);
        return !author?.suspended_at && !author?.is_private;
      });
      const shown = tagged.filter(inFeed(viewer));
      return {
        hashtag,
        post_count: counted.length,
        posts: slice(shown, offset, limit).page.map(shape(viewer)),
      };
    },

    /**
     * The most used hashtags of the newest whisps (no replies, no rewhisps, none of a private
     * member, whoever asks); ties by name.
     */
    trends(viewer: UserRecord, limit: number) {
      const visible = visibilityFor(ctx.data, viewer.id);
      const used = new Map<string, number>();
      const recent = ctx.data.posts
        .filter(
          (p) =>
            !p.is_reply &&
            !p.rewhisp_of_id &&
            !visible.hides(p.author_id) &&
            !ctx.shapes.userById(p.author_id)?.is_private,
        )
        .sort(newestFirst)
        .slice(0, TRENDS_SOURCE_POSTS);
      for (const post of recent) {
        for (const tag of post.hashtags) used.set(tag, (used.get(tag) ?? 0) + 1);
      }
      return [...used]
        .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
        .slice(0, limit)
        .map(([hashtag, post_count]) => ({ hashtag, post_count }));
    },
  };
}
