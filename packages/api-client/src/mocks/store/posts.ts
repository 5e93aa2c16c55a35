import { requestedAttachments } from '../../contract/endpoints/posts.js';
import { replyRefusal, rewhispRefusal } from '../../contract/rules.js';
import { parseHashtags } from '../../contract/text.js';
import type { Id, ReplySettings } from '../../models.js';
import { fail, failOn, MockError } from '../errors.js';
import { uploadedPictureDetails } from '../media-details.js';
import type { PictureHeader } from '../picture-header.js';
import { type Composed, type ComposedInput, createComposer } from './compose.js';
import type { StoreContext } from './context.js';
import { resolveMentions } from './mentions.js';
import { createPollOperations } from './polls.js';
import type { PostRecord, UserRecord } from './records.js';
import { threadPathOf } from './threads.js';
import { blockedBetween, isSuspended, visibilityFor } from './visibility.js';

export interface MockNewPost extends ComposedInput {
  reply_settings?: Partial<ReplySettings>;
  /** The `Idempotency-Key` header: the same key from the same author makes one whisp. */
  idempotencyKey?: string | null;
}

/** A whisp's text and warning as an edit gives them (absent or blank warning: none). */
export interface MockPostEdit {
  content: string;
  content_warning?: string | null;
}

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
    // A private member's whisp does not exist for who does not follow them, as on the server.
    const visible = visibilityFor(ctx.data, viewer.id);
    if (authors.some((author) => visible.protects(author))) throw fail('postNotFound');
    return target;
  };
  const access = (post: PostRecord) => ({
    author_id: post.author_id,
    author_username: ctx.shapes.member(post.author_id).username,
    can_reply: post.reply_settings.can_reply,
    can_repost: post.reply_settings.can_repost,
    author_is_private: ctx.shapes.member(post.author_id).is_private,
  });
  const composer = createComposer(ctx);
  const polls = createPollOperations(ctx);
  const { checkContent } = composer;
  const checkKey = (key: string | null | undefined) => {
    if (key === undefined || key === null) return undefined;
    if (!key || key.length > 255) throw failOn('Idempotency-Key', 'idempotencyKeyInvalid');
    return key;
  };
  /**
   * Stores a checked whisp now: its thread, its poll (running from now), and the notifications of
   * the replied-to author and of each member it mentions. Scheduled whisps are published here too.
   */
  const insert = (
    author: UserRecord,
    composed: Composed,
    parent: PostRecord | null,
    replySettings: Partial<ReplySettings> | undefined,
  ) => {
    const { content, poll, ...rest } = composed;
    const now = ctx.now();
    const post: PostRecord = {
      id: ctx.newId('post'),
      author_id: author.id,
      content,
      ...rest,
      created_at: now,
      updated_at: now,
      is_reply: parent !== null,
      reply_to_id: parent?.id ?? null,
      rewhisp_of_id: null,
      reply_settings: {
        can_reply: replySettings?.can_reply ?? 'everyone',
        can_repost: replySettings?.can_repost ?? true,
      },
      hashtags: parseHashtags(content),
      mentions: resolveMentions(ctx.data.users, content),
      edited_at: null,
      thread_path: parent ? [...threadPathOf(ctx.data, parent), parent.id] : [],
    };
    ctx.data.posts.push(post);
    if (poll) polls.openPoll(post, poll);
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

  const write = (author: UserRecord, input: MockNewPost, parent: PostRecord | null) => {
    const content = input.content ?? '';
    checkContent(content, requestedAttachments(input).length);
    const key = checkKey(input.idempotencyKey);
    const composed = composer.compose(author, input);
    const seen = key ? ctx.data.idempotencyKeys[`${author.id}:${key}`] : undefined;
    const earlier = seen ? ctx.data.posts.find((p) => p.id === seen) : undefined;
    if (earlier) return earlier;
    const post = insert(author, composed, parent, input.reply_settings);
    if (key) ctx.data.idempotencyKeys[`${author.id}:${key}`] = post.id;
    return post;
  };

  return {
    ...polls,
    /** Stores a checked whisp now (scheduled whisps are published through it). */
    insertPost: insert,

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
      // A reply takes neither reply settings nor a poll (the schema drops them; so does this).
      const { reply_settings: _settings, poll: _poll, ...rest } = input;
      return ctx.shapes.post(write(viewer, rest, parent), viewer.id);
    },

    /**
     * Replaces the text and the warning (none when left out). When either changes, the version
     * it replaces is kept for the history and `edited_at` moves.
     */
    edit(viewer: UserRecord, id: Id, edit: MockPostEdit) {
      const post = find(id);
      if (post.author_id !== viewer.id) throw fail('notAuthor');
      const { content } = edit;
      // A rewhisp's text is an optional comment; any other whisp needs words or media.
      checkContent(content, post.rewhisp_of_id ? 1 : post.media_urls.length);
      const warning = composer.checkWarning(edit.content_warning);
      const now = ctx.now();
      if (content !== post.content || warning !== (post.content_warning ?? null)) {
        ctx.data.postVersions.push({
          post_id: post.id,
          content: post.content,
          content_warning: post.content_warning ?? null,
          created_at: post.edited_at ?? post.created_at,
        });
        post.edited_at = now;
      }
      post.content = content;
      post.content_warning = warning;
      post.hashtags = parseHashtags(content);
      post.mentions = resolveMentions(ctx.data.users, content);
      post.updated_at = now;
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
      const polls = new Set(data.polls.filter((p) => gone.has(p.post_id)).map((p) => p.id));
      data.polls = data.polls.filter((p) => !polls.has(p.id));
      data.pollVotes = data.pollVotes.filter((v) => !polls.has(v.poll_id));
      data.postVersions = data.postVersions.filter((v) => !gone.has(v.post_id));
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

    /**
     * Keeps an upload and returns the `/media/…` path it is served at. A whisp's picture comes
     * with what its header told (`media[]` details); a video or an avatar without.
     */
    storeFile(file: { key: string; type: string; body: Blob; picture?: PictureHeader | null }) {
      const url = `/media/${file.key}`;
      ctx.data.media[url] = { type: file.type, body: file.body };
      if (file.picture) ctx.data.mediaDetails[url] = uploadedPictureDetails(url, file.picture);
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
