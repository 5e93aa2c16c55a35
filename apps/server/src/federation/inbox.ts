import type { Context, InboxContext, KvStore } from '@fedify/fedify';
import {
  Accept,
  Activity,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  isActor,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Question,
  Reject,
  Undo,
  Update,
} from '@fedify/fedify/vocab';
import { parseHashtags, REPORT_DETAILS_MAX_LENGTH } from '@whisp/api-client/contract';
import { deleteMember } from '../account-data/deletion.js';
import { instancePolicyOf } from '../db/repositories/instances.js';
import type { WhispFederation, WhispFederationOptions } from './federation.js';
import { followKey, parseFollowActivityId } from './follow-ids.js';
import { INSTANCE_ACTOR } from './instance-actor.js';
import { readLocalMember } from './local-posts.js';
import { findRemoteMember, type RemoteMember, storeRemoteActor } from './remote-actors.js';
import {
  downloadAttachments,
  forgetUnusedAttachments,
  mediaColumnsOf,
  recordAttachments,
  replaceAttachments,
  writtenWith,
} from './remote-attachments.js';
import { remoteHtmlToText, sanitizeRemoteHtml } from './remote-html.js';
import type { RemoteMedia } from './remote-media.js';
import { pollOfQuestion, recordRemotePoll, refreshRemotePoll } from './remote-polls.js';

// A remote actor's document is read again when older than this (a changed name, a new inbox).
const ACTOR_REFRESH_MS = 24 * 60 * 60_000;

/**
 * Activities from other servers, verified by Fedify (the HTTP signature's key belongs to the
 * activity's actor) and applied through Whisp's own repositories, so that blocks, private
 * accounts, notifications and counts hold for them as for anyone. Each handler is idempotent:
 * Fedify also drops an activity id it has seen.
 */
export function registerInbox(
  federation: WhispFederation,
  options: WhispFederationOptions & { kv: KvStore; media: RemoteMedia },
) {
  const { db, repositories, log, kv, media } = options;

  /** The remote member who sent it; undefined when their server is suspended here. */
  async function senderOf(ctx: Context<void>, activity: Activity) {
    const actorId = activity.actorId;
    if (!actorId) return undefined;
    if ((await instancePolicyOf(db, actorId.host.toLowerCase())) === 'suspend') return undefined;
    const known = await findRemoteMember(db, actorId.href);
    if (known && !(await isStale(known))) return known;
    const actor = await activity.getActor(ctx);
    if (!actor || !isActor(actor) || actor.id?.href !== actorId.href) return known;
    return (await storeRemoteActor(db, actor, options.memberChanged, media)) ?? known;
  }

  async function isStale(member: RemoteMember) {
    const row = await db
      .selectFrom('users')
      .select('fetched_at')
      .where('id', '=', member.id)
      .executeTakeFirst();
    return !row?.fetched_at || Date.now() - row.fetched_at.getTime() > ACTOR_REFRESH_MS;
  }

  /** The local member an actor URL of this server names. */
  async function localMemberAt(ctx: Context<void>, uri: URL | null) {
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'actor') return undefined;
    return readLocalMember(db, parsed.identifier);
  }

  /** The whisp an object URL names: one of this server's, or a remote one already received. */
  async function postAt(ctx: Context<void>, uri: URL | null) {
    if (!uri) return undefined;
    const parsed = ctx.parseUri(uri);
    const query = db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.id',
        'posts.author_id',
        'posts.can_reply',
        'posts.can_repost',
        'posts.rewhisp_of_id',
        'users.is_private',
        'users.host',
      ]);
    if (parsed?.type === 'object' && parsed.class === Note) {
      const id = parsed.values.id ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      return query.where('posts.id', '=', id).where('users.host', 'is', null).executeTakeFirst();
    }
    return query.where('posts.uri', '=', uri.href).executeTakeFirst();
  }

  /** Whether `memberId` may see a whisp by `authorId` (a private author's are their followers'). */
  async function maySee(memberId: string, post: { author_id: string; is_private: boolean }) {
    if (!post.is_private || post.author_id === memberId) return true;
    const row = await db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', memberId)
      .where('followed_id', '=', post.author_id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether a member here follows them, or asked to: their server may deliver a whisp before the
   * Accept it sent first (each is retried on its own), and the whisp must not be lost for that.
   */
  async function hasLocalFollower(memberId: string) {
    const row = await db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select('follows.follower_id')
      .where('follows.followed_id', '=', memberId)
      .where('users.host', 'is', null)
      .unionAll(
        db
          .selectFrom('follow_requests')
          .innerJoin('users', 'users.id', 'follow_requests.requester_id')
          .select('follow_requests.requester_id as follower_id')
          .where('follow_requests.target_id', '=', memberId)
          .where('users.host', 'is', null),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function isBlockedBy(blockerId: string, blockedId: string) {
    const row = await db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function onFollow(ctx: InboxContext<void>, follow: Follow) {
    const sender = await senderOf(ctx, follow);
    const target = await localMemberAt(ctx, follow.objectId);
    if (!sender || !target || !follow.id) return;
    await kv.set(followKey(sender.id, target.id), follow.id.href);
    const answer = {
      id: follow.id,
      actor: follow.actorId,
      object: ctx.getActorUri(target.username),
    };
    if (await isBlockedBy(target.id, sender.id)) {
      await sendAnswer(ctx, Reject, target.username, sender, answer);
      return;
    }
    const result = await repositories.follows.follow(sender.id, target.id);
    // A private member answers later; their answer goes out then (outbox.ts).
    if (result.is_following) await sendAnswer(ctx, Accept, target.username, sender, answer);
  }

  async function onAnswer(ctx: InboxContext<void>, answer: Accept | Reject, accepted: boolean) {
    const sender = await senderOf(ctx, answer);
    if (!sender) return;
    // The Follow is one this server sent, named by its id (outbox.ts): read from the id rather
    // than fetched, as its actor's page is not a Follow.
    const sent = parseFollowActivityId(answer.objectId);
    if (!sent || sent.followedId !== sender.id) return;
    const follower = await localMemberAt(ctx, sent.actor);
    if (!follower) return;
    if (accepted) {
      await repositories.follows.requests.accept(sender.id, follower.id);
      return;
    }
    await repositories.follows.requests.reject(sender.id, follower.id);
    // An accepted follow their server ends now is over too.
    await db
      .deleteFrom('follows')
      .where('follower_id', '=', follower.id)
      .where('followed_id', '=', sender.id)
      .execute();
  }

  async function onCreate(ctx: InboxContext<void>, create: Create) {
    const sender = await senderOf(ctx, create);
    if (!sender) return;
    const note = await create.getObject(ctx);
    const isWhisp = note instanceof Note || note instanceof Question;
    if (!isWhisp || !note.id || note.attributionId?.href !== sender.actorUri) return;
    // A vote in a poll comes as a Note named after its option, in reply to the Question, with
    // no text (Mastodon's way): counted, never shown as a whisp.
    if (note instanceof Note && note.name && !note.content && note.replyTargetId) {
      await onVote(ctx, sender, note);
      return;
    }
    if (await postAt(ctx, note.id)) return;
    const addressed = [...note.toIds, ...note.ccIds].map((uri) => uri.href);
    // Whisp has no followers-only whisps of a public member: such a Note (and a direct one,
    // not federated yet) is not taken in rather than shown to everyone.
    const senderRow = await db
      .selectFrom('users')
      .select('is_private')
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    if (!addressed.includes(PUBLIC_COLLECTION.href) && !senderRow.is_private) return;
    const parent = note.replyTargetId ? await postAt(ctx, note.replyTargetId) : undefined;
    if (parent && !(await mayReply(sender.id, parent))) return;
    const html = sanitizeRemoteHtml(note.content?.toString() ?? '');
    const content = remoteHtmlToText(html);
    const mentioned: string[] = [];
    for await (const tag of note.getTags(ctx)) {
      if (!('href' in tag) || !(tag.href instanceof URL)) continue;
      const member = await localMemberAt(ctx, tag.href);
      if (member) mentioned.push(member.username);
    }
    // Only what concerns someone here is kept: a whisp of a member someone follows, or one that
    // answers or names a member here. Anything else would be another server's spam in the feeds.
    if (!parent && mentioned.length === 0 && !(await hasLocalFollower(sender.id))) return;
    const url = note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? note.id.href);
    // Downloaded before the transaction, which then records them with the whisp, or neither.
    const attachments = await downloadAttachments(media, sender.id, note);
    const poll = note instanceof Question ? await pollOfQuestion(note) : null;
    await writtenWith(media, attachments, () =>
      repositories.notifications.transaction(async (transaction) => {
        await recordAttachments(transaction, sender.id, attachments);
        const id = await repositories.posts.createIn(transaction, {
          authorId: sender.id,
          content,
          contentWarning: note.summary?.toString() || null,
          ...mediaColumnsOf(attachments),
          hashtags: parseHashtags(content),
          mentionCandidates: mentioned,
          replyToId: parent?.id,
        });
        await transaction
          .updateTable('posts')
          .set({ uri: note.id?.href ?? null, url, content_html: html })
          .where('id', '=', id)
          .execute();
        if (poll) await recordRemotePoll(transaction, id, poll);
      }),
    );
  }

  /** A vote in a poll of this server, counted as a member's would be: seen, not blocked. */
  async function onVote(ctx: InboxContext<void>, sender: RemoteMember, vote: Note) {
    const target = await postAt(ctx, vote.replyTargetId);
    if (!target || target.host !== null || target.author_id === sender.id) return;
    const poll = await db
      .selectFrom('polls')
      .select(['id', 'options'])
      .where('post_id', '=', target.id)
      .executeTakeFirst();
    const choice = poll ? poll.options.indexOf(vote.name?.toString() ?? '') : -1;
    if (!poll || choice < 0) return;
    if (!(await maySee(sender.id, target)) || (await isBlockedBy(target.author_id, sender.id))) {
      return;
    }
    // Refused when the poll has ended or the choice is one too many; nothing to answer.
    await repositories.polls.addRemoteChoice(poll.id, sender.id, choice);
  }

  /** A reply respects the whisp's reply setting and its author's blocks, as a member's would. */
  async function mayReply(
    senderId: string,
    parent: { author_id: string; can_reply: string; is_private: boolean },
  ) {
    if (await isBlockedBy(parent.author_id, senderId)) return false;
    if (!(await maySee(senderId, parent))) return false;
    if (parent.can_reply === 'everyone') return true;
    if (parent.can_reply === 'none') return false;
    const followed = await db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', parent.author_id)
      .where('followed_id', '=', senderId)
      .executeTakeFirst();
    return followed !== undefined;
  }

  async function onUpdate(ctx: InboxContext<void>, update: Update) {
    const sender = await senderOf(ctx, update);
    if (!sender) return;
    const object = await update.getObject(ctx);
    if (isActor(object)) {
      if (object.id?.href === sender.actorUri)
        await storeRemoteActor(db, object, options.memberChanged, media);
      return;
    }
    if (!(object instanceof Note || object instanceof Question) || !object.id) return;
    const post = await db
      .selectFrom('posts')
      .select(['id', 'author_id', 'media_keys', 'content_html', 'content_warning'])
      .where('uri', '=', object.id.href)
      .where('author_id', '=', sender.id)
      .executeTakeFirst();
    if (!post) return;
    if (object instanceof Question) {
      const poll = await pollOfQuestion(object);
      if (poll) await refreshRemotePoll(db, post.id, poll);
      // Mastodon sends a poll again as its votes come in: only a changed text is an edit.
      const unchanged =
        sanitizeRemoteHtml(object.content?.toString() ?? '') === post.content_html &&
        (object.summary?.toString() || null) === post.content_warning;
      if (unchanged) return;
    }
    // Before the edit is announced, so that apps reading the whisp again see its new files.
    await replaceAttachments(media, post, object);
    const html = sanitizeRemoteHtml(object.content?.toString() ?? '');
    const content = remoteHtmlToText(html);
    await repositories.posts.edit(post.id, {
      content,
      contentWarning: object.summary?.toString() || null,
      hashtags: parseHashtags(content),
      mentionCandidates: [],
    });
    await db.updateTable('posts').set({ content_html: html }).where('id', '=', post.id).execute();
  }

  async function onDelete(ctx: InboxContext<void>, deletion: Delete) {
    const sender = await senderOf(ctx, deletion);
    const objectId = deletion.objectId;
    if (!sender || !objectId) return;
    if (objectId.href === sender.actorUri) {
      // The account is gone from its server: deleted here as a local account is (its whisps,
      // follows and likes with it, counts kept by the triggers, its files left to the sweep).
      // Its followers' cached following counts go stale.
      const stale = await deleteMember(db, sender.id);
      await Promise.all(stale.map((id) => options.memberChanged(id)));
      return;
    }
    const post = await db
      .selectFrom('posts')
      .select(['id', 'media_keys'])
      .where('uri', '=', objectId.href)
      .where('author_id', '=', sender.id)
      .executeTakeFirst();
    if (!post) return;
    await repositories.posts.delete(post.id);
    // Its files, unless another of the author's whisps shows them too.
    await forgetUnusedAttachments(media, sender.id, post.media_keys);
  }

  async function onLike(ctx: InboxContext<void>, like: Like) {
    const sender = await senderOf(ctx, like);
    const post = await postAt(ctx, like.objectId);
    if (!sender || !post || post.host !== null) return;
    if (!(await maySee(sender.id, post)) || (await isBlockedBy(post.author_id, sender.id))) return;
    await repositories.interactions.like(sender.id, post.id);
  }

  async function onAnnounce(ctx: InboxContext<void>, announce: Announce) {
    const sender = await senderOf(ctx, announce);
    const original = await postAt(ctx, announce.objectId);
    if (!sender || !original || !announce.id) return;
    // Only a whisp anyone may read, and whose author allows it, can be shared.
    if (original.is_private || !original.can_repost || original.rewhisp_of_id !== null) return;
    if (await isBlockedBy(original.author_id, sender.id)) return;
    await repositories.interactions.rewhisp(sender.id, original.id, '', []);
    await db
      .updateTable('posts')
      .set({ uri: announce.id.href })
      .where('author_id', '=', sender.id)
      .where('rewhisp_of_id', '=', original.id)
      .where('uri', 'is', null)
      .execute();
  }

  /**
   * A report another server forwarded about a member (or whisps) of this one: it joins the
   * moderators' queue from that server's actor, its text kept as details.
   */
  async function onFlag(ctx: InboxContext<void>, flag: Flag) {
    const sender = await senderOf(ctx, flag);
    if (!sender) return;
    let member: { id: string } | undefined;
    let post: Awaited<ReturnType<typeof postAt>>;
    for (const uri of flag.objectIds) {
      member ??= await localMemberAt(ctx, uri);
      const named = await postAt(ctx, uri);
      if (named && named.host === null) post ??= named;
    }
    const details = remoteHtmlToText(sanitizeRemoteHtml(flag.content?.toString() ?? ''));
    const target = post
      ? ({ type: 'post', postId: post.id, authorId: post.author_id } as const)
      : member
        ? ({ type: 'user', userId: member.id } as const)
        : undefined;
    if (!target) return;
    await repositories.moderation.file({
      reporterId: sender.id,
      target,
      reason: 'other',
      details: [...details].slice(0, REPORT_DETAILS_MAX_LENGTH).join('') || null,
    });
  }

  async function onBlock(ctx: InboxContext<void>, block: Block) {
    const sender = await senderOf(ctx, block);
    const target = await localMemberAt(ctx, block.objectId);
    if (sender && target) await repositories.safety.block(sender.id, target.id);
  }

  async function onUndo(ctx: InboxContext<void>, undo: Undo) {
    const sender = await senderOf(ctx, undo);
    if (!sender) return;
    const object = await undo.getObject(ctx).catch(() => null);
    // Only what the sender did themselves can they undo.
    if (!(object instanceof Activity) || object.actorId?.href !== sender.actorUri) return;
    if (object instanceof Follow) {
      const target = await localMemberAt(ctx, object.objectId);
      if (target) await repositories.follows.unfollow(sender.id, target.id);
    } else if (object instanceof Like) {
      const post = await postAt(ctx, object.objectId);
      if (post) await repositories.interactions.unlike(sender.id, post.id);
    } else if (object instanceof Announce && object.id) {
      const rewhisp = await db
        .selectFrom('posts')
        .select('rewhisp_of_id')
        .where('uri', '=', object.id.href)
        .where('author_id', '=', sender.id)
        .executeTakeFirst();
      if (rewhisp?.rewhisp_of_id)
        await repositories.interactions.unrewhisp(sender.id, rewhisp.rewhisp_of_id);
    } else if (object instanceof Block) {
      const target = await localMemberAt(ctx, object.objectId);
      if (target) await repositories.safety.unblock(sender.id, target.id);
    }
  }

  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    // What the shared inbox fetches (the sender's key and actor, an object named by its id) is
    // signed by this server's own actor: GoToSocial, and Mastodon with AUTHORIZED_FETCH, answer
    // 401 to an unsigned GET. A member's own inbox signs with that member's key (Fedify's way).
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .on(Follow, onFollow)
    .on(Accept, (ctx, accept) => onAnswer(ctx, accept, true))
    .on(Reject, (ctx, reject) => onAnswer(ctx, reject, false))
    .on(Create, onCreate)
    .on(Update, onUpdate)
    .on(Delete, onDelete)
    .on(Like, onLike)
    .on(Announce, onAnnounce)
    .on(Block, onBlock)
    .on(Flag, onFlag)
    .on(Undo, onUndo)
    .onError((_ctx, error) => {
      log.error({ err: error }, 'federation: a received activity could not be applied');
    });
}

type AnswerClass = typeof Accept | typeof Reject;

/** Accept or Reject of a remote member's Follow, naming the Follow as they sent it. */
export async function sendAnswer(
  ctx: Context<void>,
  Answer: AnswerClass,
  username: string,
  follower: RemoteMember,
  follow: { id: URL; actor: URL | null; object: URL },
) {
  const actor = ctx.getActorUri(username);
  await ctx.sendActivity(
    { identifier: username },
    {
      id: new URL(follower.actorUri),
      inboxId: new URL(follower.inboxUrl),
      endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
    },
    new Answer({
      id: new URL(`${actor.href}#answers/${crypto.randomUUID()}`),
      actor,
      object: new Follow({ id: follow.id, actor: follow.actor, object: follow.object }),
    }),
  );
}
