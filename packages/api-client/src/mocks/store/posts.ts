import { PUBLIC_POSTS_LIMIT_MAX, WHISP_MAX_LENGTH } from '../../contract/limits.js';
import { countCharacters } from '../../contract/validation.js';
import type { Id, ReplySettings } from '../../models.js';
import { forbidden, invalid, MOCK_MESSAGES, MockError, notFound } from '../errors.js';
import { parseHashtags, parseMentions } from '../text.js';
import { newestFirst, type StoreContext, slice } from './context.js';
import type { PostRecord, UserRecord } from './records.js';

/** A post gathers enough likes to reach "For you" from strangers at this many. */
const WELL_LIKED = 3;

export interface MockNewPost {
  content?: string;
  media_urls?: string[];
  reply_settings?: ReplySettings;
  /** The `Idempotency-Key` header: the same key from the same author makes one whisp. */
  idempotencyKey?: string | null;
}

const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 characters';

export interface FeedPaging {
  page: number;
  limit: number;
  cursor?: string;
}

const INVALID_CURSOR = 'This page link has expired. Please reload the feed';

// Opaque to clients, like the server's: where the next page starts, as base64 JSON.
const encodeCursor = (offset: number) => btoa(JSON.stringify({ offset }));
function decodeCursor(cursor: string) {
  try {
    const { offset } = JSON.parse(atob(cursor)) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw new MockError(400, 'INVALID_CURSOR', INVALID_CURSOR);
}

/** Whisps: feeds, writing, the toggles, bookmarks, search and trends. */
export function createPostOperations(ctx: StoreContext) {
  const find = (id: Id) => {
    const post = ctx.data.posts.find((p) => p.id === id);
    if (!post) throw notFound('POST_NOT_FOUND', MOCK_MESSAGES.postNotFound);
    return post;
  };
  const likeCount = (id: Id) => ctx.data.likes.filter((l) => l.post_id === id).length;
  const shape = (viewer: UserRecord) => (post: PostRecord) => ctx.shapes.post(post, viewer.id);
  const topLevel = () => ctx.data.posts.filter((p) => !p.reply_to_id);
  const validContent = (content: string, media: string[], field = 'content') => {
    const problem =
      !content.trim() && media.length === 0
        ? MOCK_MESSAGES.emptyPost
        : countCharacters(content) > WHISP_MAX_LENGTH
          ? MOCK_MESSAGES.postTooLong
          : undefined;
    if (problem) throw invalid(problem, [{ field, message: problem }]);
  };
  const notifyMentions = (author: UserRecord, post: PostRecord, skip: Id | null) => {
    for (const username of parseMentions(post.content)) {
      const mentioned = ctx.data.users.find(
        (u) => u.username.toLowerCase() === username.toLowerCase(),
      );
      if (mentioned && mentioned.id !== skip)
        ctx.notify(mentioned.id, author.id, 'mention', post.id);
    }
  };
  /** The whisp an earlier request with this key made, or undefined. */
  const replayed = (author: UserRecord, key: string | null | undefined) => {
    if (key === undefined || key === null) return undefined;
    if (!key || key.length > 255) {
      throw invalid(IDEMPOTENCY_KEY_INVALID, [
        { field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_INVALID },
      ]);
    }
    const id = ctx.data.idempotencyKeys[`${author.id}:${key}`];
    return ctx.data.posts.find((p) => p.id === id);
  };
  const write = (author: UserRecord, input: MockNewPost, extra: Partial<PostRecord>) => {
    const content = input.content ?? '';
    const media_urls = input.media_urls ?? [];
    validContent(content, media_urls);
    const earlier = replayed(author, input.idempotencyKey);
    if (earlier) return { post: earlier, replayed: true };
    const now = ctx.now();
    const post: PostRecord = {
      id: ctx.newId('post'),
      author_id: author.id,
      content,
      media_urls,
      created_at: now,
      updated_at: now,
      reply_to_id: null,
      rewhisp_of_id: null,
      reply_settings: input.reply_settings ?? { can_reply: 'everyone', can_repost: true },
      ...extra,
    };
    ctx.data.posts.push(post);
    if (input.idempotencyKey)
      ctx.data.idempotencyKeys[`${author.id}:${input.idempotencyKey}`] = post.id;
    return { post, replayed: false };
  };
  const feedPage = (viewer: UserRecord, posts: PostRecord[], paging: FeedPaging) => {
    const offset = paging.cursor ? decodeCursor(paging.cursor) : (paging.page - 1) * paging.limit;
    const { page, has_more } = slice([...posts].sort(newestFirst), offset, paging.limit);
    return {
      posts: page.map(shape(viewer)),
      next_cursor: has_more ? encodeCursor(offset + paging.limit) : null,
    };
  };

  return {
    timeline(viewer: UserRecord, paging: FeedPaging) {
      const posts = topLevel().filter(
        (p) =>
          p.author_id === viewer.id ||
          ctx.shapes.isFollowing(viewer.id, p.author_id) ||
          (!p.rewhisp_of_id && likeCount(p.id) >= WELL_LIKED),
      );
      return feedPage(viewer, posts, paging);
    },

    following(viewer: UserRecord, paging: FeedPaging) {
      const posts = topLevel().filter(
        (p) => p.author_id === viewer.id || ctx.shapes.isFollowing(viewer.id, p.author_id),
      );
      return feedPage(viewer, posts, paging);
    },

    publicPosts(viewer: UserRecord, paging: FeedPaging) {
      const posts = topLevel().filter((p) => !p.rewhisp_of_id);
      return feedPage(viewer, posts, {
        ...paging,
        limit: Math.min(paging.limit, PUBLIC_POSTS_LIMIT_MAX),
      });
    },

    create(viewer: UserRecord, input: MockNewPost) {
      const { post, replayed } = write(viewer, input, {});
      if (!replayed) notifyMentions(viewer, post, null);
      return ctx.shapes.post(post, viewer.id);
    },

    get: (viewer: UserRecord, id: Id) => ctx.shapes.post(find(id), viewer.id),

    replies(viewer: UserRecord, id: Id, limit: number, offset: number) {
      find(id);
      const replies = ctx.data.posts
        .filter((p) => p.reply_to_id === id)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      const { page, has_more } = slice(replies, offset, limit);
      return { posts: page.map(shape(viewer)), has_more };
    },

    edit(viewer: UserRecord, id: Id, content: string) {
      const post = find(id);
      if (post.author_id !== viewer.id) throw forbidden('NOT_AUTHOR', MOCK_MESSAGES.notAuthor);
      validContent(content, post.media_urls);
      post.content = content;
      post.updated_at = ctx.now();
      return ctx.shapes.post(post, viewer.id);
    },

    remove(viewer: UserRecord, id: Id) {
      const post = find(id);
      if (post.author_id !== viewer.id) throw forbidden('NOT_AUTHOR', MOCK_MESSAGES.notAuthor);
      const gone = new Set([
        id,
        ...ctx.data.posts.filter((p) => p.rewhisp_of_id === id).map((p) => p.id),
      ]);
      const data = ctx.data;
      data.posts = data.posts.filter((p) => !gone.has(p.id));
      data.likes = data.likes.filter((l) => !gone.has(l.post_id));
      data.bookmarks = data.bookmarks.filter((b) => !gone.has(b.post_id));
      data.notifications = data.notifications.filter((n) => !n.post_id || !gone.has(n.post_id));
    },

    like(viewer: UserRecord, id: Id) {
      const post = find(id);
      if (!ctx.data.likes.some((l) => l.post_id === id && l.user_id === viewer.id)) {
        ctx.data.likes.push({ user_id: viewer.id, post_id: id, created_at: ctx.now() });
        ctx.notify(post.author_id, viewer.id, 'like', id);
      }
      return ctx.shapes.post(post, viewer.id);
    },

    unlike(viewer: UserRecord, id: Id) {
      const post = find(id);
      ctx.data.likes = ctx.data.likes.filter((l) => !(l.post_id === id && l.user_id === viewer.id));
      // No stale "liked your whisp" is left behind once the like is gone.
      ctx.withdraw(viewer.id, 'like', { postId: id });
      return ctx.shapes.post(post, viewer.id);
    },

    reply(viewer: UserRecord, id: Id, input: MockNewPost) {
      const parent = find(id);
      const audience = parent.reply_settings.can_reply;
      const author = ctx.shapes.summary(ctx.shapes.member(parent.author_id));
      if (parent.author_id !== viewer.id && audience !== 'everyone') {
        if (audience === 'none') {
          throw new MockError(403, 'REPLIES_RESTRICTED', MOCK_MESSAGES.repliesOff(author.username));
        }
        if (!ctx.shapes.isFollowing(viewer.id, parent.author_id)) {
          throw new MockError(
            403,
            'REPLIES_RESTRICTED',
            MOCK_MESSAGES.followersOnly(author.username),
          );
        }
      }
      const { post: reply, replayed } = write(
        viewer,
        {
          content: input.content,
          media_urls: input.media_urls,
          idempotencyKey: input.idempotencyKey,
        },
        { reply_to_id: id },
      );
      if (!replayed) {
        ctx.notify(parent.author_id, viewer.id, 'reply', reply.id);
        // The author already hears of the reply; a mention of them in it is not a second notice.
        notifyMentions(viewer, reply, parent.author_id);
      }
      return ctx.shapes.post(reply, viewer.id);
    },

    rewhisp(viewer: UserRecord, id: Id, comment: string | null) {
      const target = find(id);
      const original = target.rewhisp_of_id ? find(target.rewhisp_of_id) : target;
      if (!original.reply_settings.can_repost && original.author_id !== viewer.id) {
        const author = ctx.shapes.member(original.author_id);
        throw new MockError(403, 'REWHISPS_RESTRICTED', MOCK_MESSAGES.rewhispsOff(author.username));
      }
      if (comment) validContent(comment, [], 'comment');
      const already = ctx.data.posts.some(
        (p) => p.rewhisp_of_id === original.id && p.author_id === viewer.id,
      );
      if (!already) {
        const now = ctx.now();
        ctx.data.posts.push({
          id: ctx.newId('post'),
          author_id: viewer.id,
          content: comment ?? '',
          media_urls: [],
          created_at: now,
          updated_at: now,
          reply_to_id: null,
          rewhisp_of_id: original.id,
          reply_settings: { can_reply: 'everyone', can_repost: true },
        });
        ctx.notify(original.author_id, viewer.id, 'rewhisp', original.id);
      }
      return ctx.shapes.post(original, viewer.id);
    },

    unrewhisp(viewer: UserRecord, id: Id) {
      const target = find(id);
      const original = target.rewhisp_of_id ? find(target.rewhisp_of_id) : target;
      ctx.data.posts = ctx.data.posts.filter(
        (p) => !(p.rewhisp_of_id === original.id && p.author_id === viewer.id),
      );
      ctx.withdraw(viewer.id, 'rewhisp', { postId: original.id });
      return ctx.shapes.post(original, viewer.id);
    },

    setBookmark(viewer: UserRecord, id: Id, on: boolean) {
      find(id);
      const has = ctx.data.bookmarks.some((b) => b.post_id === id && b.user_id === viewer.id);
      if (on && !has) {
        ctx.data.bookmarks.push({
          id: ctx.newId('bookmark'),
          user_id: viewer.id,
          post_id: id,
          created_at: ctx.now(),
        });
      }
      if (!on) {
        ctx.data.bookmarks = ctx.data.bookmarks.filter(
          (b) => !(b.post_id === id && b.user_id === viewer.id),
        );
      }
      return { is_bookmarked: on };
    },

    report(viewer: UserRecord, id: Id, reason: string, details: string | null) {
      find(id);
      ctx.data.reports.push({
        id: ctx.newId('report'),
        user_id: viewer.id,
        post_id: id,
        reason,
        details,
      });
    },

    bookmarks(viewer: UserRecord, limit: number, offset: number) {
      const mine = ctx.data.bookmarks.filter((b) => b.user_id === viewer.id).sort(newestFirst);
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

    search(viewer: UserRecord, q: string) {
      const needle = q.trim().toLowerCase();
      if (!needle) return { posts: [], users: [] };
      const posts = ctx.data.posts
        .filter((p) => !p.rewhisp_of_id && p.content.toLowerCase().includes(needle))
        .sort(newestFirst)
        .map(shape(viewer));
      const users = ctx.data.users
        .filter((u) =>
          `${u.username} ${u.display_name}`.toLowerCase().includes(needle.replace(/^@/, '')),
        )
        .map((u) => ctx.shapes.searchUser(u, viewer.id));
      return { posts, users };
    },

    hashtag(viewer: UserRecord, tag: string) {
      const hashtag = tag.replace(/^#/, '').toLowerCase();
      const posts = ctx.data.posts
        .filter((p) => !p.rewhisp_of_id && parseHashtags(p.content).includes(hashtag))
        .sort(newestFirst)
        .map(shape(viewer));
      return { hashtag, post_count: posts.length, posts };
    },

    trends(limit: number) {
      const counts = new Map<string, number>();
      const recent = topLevel()
        .filter((p) => !p.rewhisp_of_id)
        .sort(newestFirst)
        .slice(0, PUBLIC_POSTS_LIMIT_MAX);
      for (const post of recent) {
        for (const tag of parseHashtags(post.content)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
      return [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, limit)
        .map(([hashtag, post_count]) => ({ hashtag, post_count }));
    },

    /** Keeps an upload and returns the `/media/…` path it is served at. */
    storeFile(file: { type: string; body: Blob; extension: string }) {
      const url = `/media/${ctx.newId('upload')}.${file.extension}`;
      ctx.data.media[url] = { type: file.type, body: file.body };
      return url;
    },
  };
}
