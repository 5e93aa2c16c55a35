import { type PostAttachmentInput, requestedAttachments } from '../../contract/endpoints/posts.js';
import { POST_MEDIA_MAX_IMAGES } from '../../contract/limits.js';
import { replyRefusal, rewhispRefusal } from '../../contract/rules.js';
import { contentErrorName, parseHashtags } from '../../contract/text.js';
import type { Id, ReplySettings } from '../../models.js';
import { fail, failOn, MockError } from '../errors.js';
import type { StoreContext } from './context.js';
import { resolveMentions } from './mentions.js';
import type { PostRecord, UserRecord } from './records.js';
import { blockedBetween, isSuspended, visibilityFor } from './visibility.js';

export interface MockNewPost {
  content?: string | null;
  media_urls?: string[];
  /** In place of `media_urls`: the attachments with their descriptions. */
  media?: PostAttachmentInput[];
  reply_settings?: Partial<ReplySettings>;
  /** The `Idempotency-Key` header: the same key from the same author makes one whisp. */
  idempotencyKey?: string | null;
}

/** `/media/<key>` (or a full URL ending so) → the stored file's key, as the server reads it. */
const MEDIA_KEY = /(?:^|\/)media\/([a-f0-9]{64}\.(?:webp|png|jpg|gif|mp4|webm))$/;

/** Writing whisps and replies, editing, deleting, and the idempotent toggles (reports: moderation.ts). */
export function createPostOperations(ctx: StoreContext) {
  const find = (id: Id) => {
    const post = ctx.data.posts.find((p) => p.id === id);
    if (!post) throw fail('postNotFound');
    return post;
  };
  /**
   * The whisp an interaction acts on (acting on a rewhisp acts on its original, as tapping like
   * on a rewhisp in a feed means): a suspended author's is "not found", and between a blocker
   * and the member they block every interaction is refused.
   */
  const reachable = (viewer: UserRecord, id: Id) => {
    const post = find(id);
    const target = post.rewhisp_of_id ? find(post.rewhisp_of_id) : post;
    const authors = [post.author_id, target.author_id].filter((author) => author !== viewer.id);
    if (authors.some((author) => isSuspended(ctx.data, author))) throw fail('postNotFound');
    if (authors.some((author) => blockedBetween(ctx.data, viewer.id, author))) {
      throw fail('blocked');
    }
    return target;
  };
  const access = (post: PostRecord) => ({
    author_id: post.author_id,
    author_username: ctx.shapes.member(post.author_id).username,
    can_reply: post.reply_settings.can_reply,
    can_repost: post.reply_settings.can_repost,
  });
  const checkContent = (content: string, mediaCount: number, field = 'content') => {
    const problem = contentErrorName(content, mediaCount);
    if (problem) throw failOn(field, problem);
  };
  const checkKey = (key: string | null | undefined) => {
    if (key === undefined || key === null) return undefined;
    if (!key || key.length > 255) throw failOn('Idempotency-Key', 'idempotencyKeyInvalid');
    return key;
  };
  /**
   * The stored files behind the attachments, each one uploaded by this member (400 otherwise),
   * with their descriptions: a file named twice is attached once, described as it was first.
   */
  const ownedMedia = (author: UserRecord, input: MockNewPost) => {
    const field = input.media ? 'media' : 'media_urls';
    const altByKey = new Map<string | undefined, string | null>();
    for (const { url, alt } of requestedAttachments(input)) {
      const key = MEDIA_KEY.exec(url)?.[1];
      if (!altByKey.has(key)) altByKey.set(key, alt);
    }
    const keys = [...altByKey.keys()];
    const uploads = keys.map((key) =>
      ctx.data.postMedia.find((m) => m.user_id === author.id && m.key === key),
    );
    if (uploads.some((upload) => upload === undefined)) {
      throw failOn(field, 'mediaNotUploaded');
    }
    const videos = uploads.filter((upload) => upload?.kind === 'video').length;
    if (keys.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && keys.length > 1)) {
      throw failOn(field, 'tooManyAttachments');
    }
    const alts = [...altByKey.values()];
    return {
      media_urls: keys.map((key) => `/media/${key}`),
      // As the server stores it: no descriptions at all is the empty list.
      media_alts: alts.some((alt) => alt !== null) ? alts : [],
    };
  };

  const write = (author: UserRecord, input: MockNewPost, parent: PostRecord | null) => {
    const content = input.content ?? '';
    checkContent(content, requestedAttachments(input).length);
    const key = checkKey(input.idempotencyKey);
    const { media_urls, media_alts } = ownedMedia(author, input);
    const seen = key ? ctx.data.idempotencyKeys[`${author.id}:${key}`] : undefined;
    const earlier = seen ? ctx.data.posts.find((p) => p.id === seen) : undefined;
    if (earlier) return earlier;
    const now = ctx.now();
    const post: PostRecord = {
      id: ctx.newId('post'),
      author_id: author.id,
      content,
      media_urls,
      media_alts,
      created_at: now,
      updated_at: now,
      is_reply: parent !== null,
      reply_to_id: parent?.id ?? null,
      rewhisp_of_id: null,
      reply_settings: {
        can_reply: input.reply_settings?.can_reply ?? 'everyone',
        can_repost: input.reply_settings?.can_repost ?? true,
      },
      hashtags: parseHashtags(content),
      mentions: resolveMentions(ctx.data.users, content),
    };
    ctx.data.posts.push(post);
    if (key) ctx.data.idempotencyKeys[`${author.id}:${key}`] = post.id;
    // The replied-to author hears of the reply, every other member it mentions of the mention:
    // a reply that also mentions the author is one notification.
    if (parent) ctx.notify(parent.author_id, author.id, 'reply', post.id);
    for (const username of post.mentions) {
      const mentioned = ctx.data.users.find((u) => u.username === username);
      if (mentioned && mentioned.id !== parent?.author_id) {
        ctx.notify(mentioned.id, author.id, 'mention', post.id);
      }
    }
    return post;
  };

  return {
    create(viewer: UserRecord, input: MockNewPost) {
      return ctx.shapes.post(write(viewer, input, null), viewer.id);
    },

    /** Blocked either way, or by a suspended member: "not found", as if it never existed. */
    get(viewer: UserRecord, id: Id) {
      const post = find(id);
      if (!visibilityFor(ctx.data, viewer.id).shows(post)) throw fail('postNotFound');
      return ctx.shapes.post(post, viewer.id);
    },

    reply(viewer: UserRecord, id: Id, input: MockNewPost) {
      const parent = reachable(viewer, id);
      const follows =
        parent.reply_settings.can_reply === 'followers' &&
        ctx.shapes.isFollowing(viewer.id, parent.author_id);
      const refusal = replyRefusal(access(parent), viewer.id, follows);
      if (refusal) throw MockError.from(refusal);
      const { reply_settings: _ignored, ...rest } = input;
      return ctx.shapes.post(write(viewer, rest, parent), viewer.id);
    },

    edit(viewer: UserRecord, id: Id, content: string) {
      const post = find(id);
      if (post.author_id !== viewer.id) throw fail('notAuthor');
      // A rewhisp's text is an optional comment; any other whisp needs words or media.
      checkContent(content, post.rewhisp_of_id ? 1 : post.media_urls.length);
      post.content = content;
      post.hashtags = parseHashtags(content);
      post.mentions = resolveMentions(ctx.data.users, content);
      post.updated_at = ctx.now();
      return ctx.shapes.post(post, viewer.id);
    },

    /** Its likes, bookmarks, rewhisps and their notifications go with it; its replies stay. */
    remove(viewer: UserRecord, id: Id) {
      const post = find(id);
      if (post.author_id !== viewer.id) throw fail('notAuthor');
      const gone = new Set([
        id,
        ...ctx.data.posts.filter((p) => p.rewhisp_of_id === id).map((p) => p.id),
      ]);
      const data = ctx.data;
      data.posts = data.posts.filter((p) => !gone.has(p.id));
      // A reply outlives the whisp it answered: it stays a reply, only the link goes.
      for (const post of data.posts) {
        if (post.reply_to_id && gone.has(post.reply_to_id)) post.reply_to_id = null;
      }
      data.likes = data.likes.filter((l) => !gone.has(l.post_id));
      data.bookmarks = data.bookmarks.filter((b) => !gone.has(b.post_id));
      data.notifications = data.notifications.filter((n) => !n.post_id || !gone.has(n.post_id));
    },

    like(viewer: UserRecord, id: Id) {
      const post = reachable(viewer, id);
      if (!ctx.data.likes.some((l) => l.post_id === post.id && l.user_id === viewer.id)) {
        ctx.data.likes.push({ user_id: viewer.id, post_id: post.id, created_at: ctx.now() });
        ctx.notify(post.author_id, viewer.id, 'like', post.id);
      }
      return ctx.shapes.post(post, viewer.id);
    },

    unlike(viewer: UserRecord, id: Id) {
      const post = reachable(viewer, id);
      ctx.data.likes = ctx.data.likes.filter(
        (l) => !(l.post_id === post.id && l.user_id === viewer.id),
      );
      // No stale "liked your whisp" is left behind once the like is gone.
      ctx.withdraw(viewer.id, 'like', { postId: post.id });
      return ctx.shapes.post(post, viewer.id);
    },

    rewhisp(viewer: UserRecord, id: Id, comment: string) {
      const original = reachable(viewer, id);
      const refusal = rewhispRefusal(access(original), viewer.id);
      if (refusal) throw MockError.from(refusal);
      if (comment) checkContent(comment, 0, 'comment');
      const already = ctx.data.posts.some(
        (p) => p.rewhisp_of_id === original.id && p.author_id === viewer.id,
      );
      if (!already) {
        const now = ctx.now();
        ctx.data.posts.push({
          id: ctx.newId('post'),
          author_id: viewer.id,
          content: comment,
          media_urls: [],
          media_alts: [],
          created_at: now,
          updated_at: now,
          is_reply: false,
          reply_to_id: null,
          rewhisp_of_id: original.id,
          reply_settings: { can_reply: 'everyone', can_repost: true },
          // As the server stores a rewhisp: the comment's hashtags, no mentions.
          hashtags: parseHashtags(comment),
          mentions: [],
        });
        ctx.notify(original.author_id, viewer.id, 'rewhisp', original.id);
      }
      return ctx.shapes.post(original, viewer.id);
    },

    unrewhisp(viewer: UserRecord, id: Id) {
      const original = reachable(viewer, id);
      ctx.data.posts = ctx.data.posts.filter(
        (p) => !(p.rewhisp_of_id === original.id && p.author_id === viewer.id),
      );
      ctx.withdraw(viewer.id, 'rewhisp', { postId: original.id });
      return ctx.shapes.post(original, viewer.id);
    },

    setBookmark(viewer: UserRecord, id: Id, on: boolean) {
      const post = reachable(viewer, id);
      const has = ctx.data.bookmarks.some((b) => b.post_id === post.id && b.user_id === viewer.id);
      if (on && !has) {
        ctx.data.bookmarks.push({
          id: ctx.newId('bookmark'),
          user_id: viewer.id,
          post_id: post.id,
          created_at: ctx.now(),
        });
      }
      if (!on) {
        ctx.data.bookmarks = ctx.data.bookmarks.filter(
          (b) => !(b.post_id === post.id && b.user_id === viewer.id),
        );
      }
      return { is_bookmarked: on };
    },

    /** Keeps an upload and returns the `/media/…` path it is served at. */
    storeFile(file: { key: string; type: string; body: Blob }) {
      const url = `/media/${file.key}`;
      ctx.data.media[url] = { type: file.type, body: file.body };
      return url;
    },

    /** Records that this member uploaded the file, so their whisps may show it. */
    recordPostMedia(viewer: UserRecord, key: string, kind: 'image' | 'video') {
      if (!ctx.data.postMedia.some((m) => m.user_id === viewer.id && m.key === key)) {
        ctx.data.postMedia.push({ user_id: viewer.id, key, kind });
      }
    },
  };
}
