import type { Context, KvStore, SenderKeyPair } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  type Recipient,
  Reject,
  Tombstone,
  Undo,
  Update,
} from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { Kysely } from 'kysely';
import type { FederatedChange, FederatedChanges } from '../db/repositories/federated-changes.js';
import type { DatabaseSchema } from '../db/schema.js';
import { recordDeparture } from './departed.js';
import { type FederationLog, personOf, type WhispFederationParts } from './federation.js';
import { followActivityId, followKey } from './follow-ids.js';
import { sendAnswer } from './inbox.js';
import { INSTANCE_ACTOR } from './instance-actor.js';
import {
  type FederatedPost,
  readFederatedPost,
  readMemberById,
  remoteContactsOf,
  remoteFollowersOf,
  toRecipient,
} from './local-posts.js';
import { noteUri, postUri, toInstant, toNote } from './notes.js';
import { mentionedMembersOf, originalOf, replyTargetOf } from './post-context.js';

type Db = Kysely<DatabaseSchema>;
type Member = NonNullable<Awaited<ReturnType<typeof readMemberById>>>;

/**
 * Local members' changes as ActivityPub activities, queued for delivery to the remote members
 * they concern (api.md, "Federation (1.2)"): a whisp to its author's remote followers and to the
 * remote author it answers, a like to the liked whisp's server, a follow to the followed member's.
 * The request that made the change has answered by then: sending only enqueues, and Fedify's
 * queue delivers, retries and fans out.
 */
export class FederationOutbox implements FederatedChanges {
  readonly #db: Db;
  readonly #federation: WhispFederationParts['federation'];
  readonly #kv: KvStore;
  readonly #publicUrl: URL;
  readonly #log: FederationLog;
  readonly #pending = new Set<Promise<void>>();

  constructor(
    db: Db,
    { federation, kv }: WhispFederationParts,
    publicUrl: string,
    log: FederationLog,
  ) {
    this.#db = db;
    this.#federation = federation;
    this.#kv = kv;
    this.#publicUrl = new URL(publicUrl);
    this.#log = log;
  }

  report(change: FederatedChange) {
    this.#track(this.#send(change), change);
  }

  /** Queuing runs beside the request; settled() waits for it and a failure is logged. */
  #track(queuing: Promise<void>, change: object) {
    const work = queuing
      .catch((error) => {
        this.#log.error({ err: error, change }, 'federation: a change could not be queued');
      })
      .finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  /** Resolves once every change reported so far is queued (tests, and a server stopping). */
  async settled() {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /**
   * Read before a local member's account is deleted, since its keys and follows go with it: the
   * returned function, called once the deletion has committed, leaves a tombstone at their
   * actor's address (departed.ts) and queues a Delete of the actor to every server that follows
   * them or that they follow, signed with the keys read now (Mastodon and Whisp alike then remove
   * the account and its whisps).
   */
  async prepareDeparture(memberId: string): Promise<() => void> {
    const member = await this.#local(memberId);
    if (!member) return () => {};
    const ctx = this.#context();
    const recipients = await remoteContactsOf(this.#db, member.id);
    // ActorKeyPair extends the DOM's CryptoKeyPair, which this Node build's types lack.
    const keys =
      recipients.length === 0
        ? []
        : (await ctx.getActorKeyPairs(member.username)).map((pair) => ({
            keyId: pair.keyId,
            privateKey: (pair as unknown as SenderKeyPair).privateKey,
          }));
    const actor = ctx.getActorUri(member.username);
    const deletion = new Delete({
      id: new URL(`${actor.href}#delete`),
      actor,
      to: PUBLIC_COLLECTION,
      object: actor,
    });
    const depart = async () => {
      await recordDeparture(this.#kv, member.username);
      if (recipients.length > 0) {
        await ctx.sendActivity(keys, recipients, deletion, { preferSharedInbox: true });
      }
    };
    return () => this.#track(depart(), { kind: 'member.deleted', memberId });
  }

  #context() {
    return this.#federation.createContext(this.#publicUrl, undefined);
  }

  async #send(change: FederatedChange) {
    const ctx = this.#context();
    switch (change.kind) {
      case 'whisp.created':
      case 'whisp.edited':
        return this.#whisp(
          ctx,
          change.postId,
          change.kind === 'whisp.edited' ? 'edited' : 'created',
        );
      case 'whisp.deleted':
        return this.#deleted(ctx, change);
      case 'liked':
      case 'unliked':
        return this.#like(ctx, change.memberId, change.postId, change.kind === 'unliked');
      case 'followed':
      case 'unfollowed':
        return this.#follow(
          ctx,
          change.followerId,
          change.followedId,
          change.kind === 'unfollowed',
        );
      case 'requests.accepted':
      case 'requests.rejected':
        return this.#answer(ctx, change.targetId, change.requesterIds, change.kind);
      case 'blocked':
      case 'unblocked':
        return this.#block(ctx, change.blockerId, change.blockedId, change.kind === 'unblocked');
      case 'profile.updated':
        return this.#profile(ctx, change.memberId);
      case 'poll.voted':
        return this.#voted(ctx, change);
      case 'report.forwarded':
        return this.#flag(ctx, change);
    }
  }

  async #local(memberId: string): Promise<Member | undefined> {
    const member = await readMemberById(this.#db, memberId);
    return member && member.host === null ? member : undefined;
  }

  async #remote(memberId: string): Promise<Member | undefined> {
    const member = await readMemberById(this.#db, memberId);
    return member?.host != null && member.actor_uri && member.inbox_url ? member : undefined;
  }

  /**
   * Who hears of a local member's whisp: remote followers, and the remote members it answers or
   * names. A private member's whisps are their followers' alone, here as on this server.
   */
  async #audience(post: FederatedPost, alsoMemberIds: (string | null | undefined)[]) {
    const recipients: Recipient[] = await remoteFollowersOf(this.#db, post.authorId);
    if (post.authorPrivate) return recipients;
    for (const memberId of alsoMemberIds) {
      if (!memberId) continue;
      const remote = await this.#remote(memberId);
      if (remote) recipients.push(toRecipient(remote));
    }
    return recipients;
  }

  /** A whisp sent, sent again edited, or (a poll) sent again with its new counts. */
  async #whisp(ctx: Context<void>, postId: string, change: 'created' | 'edited' | 'counted') {
    const edited = change !== 'created';
    const post = await readFederatedPost(this.#db, postId);
    if (!post || post.authorHost !== null) return;
    const sender = { identifier: post.authorUsername };
    if (post.rewhispOfId) {
      const original = await originalOf(this.#db, post);
      if (!original || edited) return;
      const recipients = await this.#audience(post, [original.authorId]);
      if (recipients.length === 0) return;
      const id = new URL(`${noteUri(ctx, post.authorUsername, post.id).href}/activity`);
      await ctx.sendActivity(
        sender,
        recipients,
        new Announce({
          id,
          actor: ctx.getActorUri(post.authorUsername),
          object: postUri(ctx, original),
          to: PUBLIC_COLLECTION,
          ccs: [
            ctx.getFollowersUri(post.authorUsername),
            ...(original.authorActorUri ? [new URL(original.authorActorUri)] : []),
          ],
          published: toInstant(post.createdAt),
        }),
        { preferSharedInbox: true },
      );
      return;
    }
    const parent = post.replyToId ? await readFederatedPost(this.#db, post.replyToId) : undefined;
    const mentioned = await mentionedMembersOf(ctx, this.#db, post);
    const recipients = await this.#audience(post, [
      parent?.authorId,
      ...mentioned.filter((member) => member.remote).map((member) => member.id),
    ]);
    if (recipients.length === 0) return;
    const note = toNote(ctx, post, {
      replyTo: await replyTargetOf(ctx, this.#db, post),
      mentioned,
    });
    const Activity = edited ? Update : Create;
    const noteId = noteUri(ctx, post.authorUsername, post.id);
    // An edit is named by its time; each new count of a poll is an activity of its own.
    const activityId = {
      created: `${noteId.href}/activity`,
      edited: `${noteId.href}#updates/${post.editedAt?.getTime() ?? Date.now()}`,
      counted: `${noteId.href}#votes/${Date.now()}`,
    }[change];
    await ctx.sendActivity(
      sender,
      recipients,
      new Activity({
        id: new URL(activityId),
        actor: ctx.getActorUri(post.authorUsername),
        object: note,
        tos: note.toIds,
        ccs: note.ccIds,
        published:
          change === 'counted'
            ? Temporal.Now.instant()
            : toInstant(post.editedAt ?? post.createdAt),
      }),
      { preferSharedInbox: true },
    );
  }

  async #deleted(ctx: Context<void>, change: Extract<FederatedChange, { kind: 'whisp.deleted' }>) {
    const author = await this.#local(change.authorId);
    if (!author) return;
    const recipients: Recipient[] = await remoteFollowersOf(this.#db, author.id);
    const actor = ctx.getActorUri(author.username);
    const noteId = noteUri(ctx, author.username, change.postId);
    if (change.rewhispOfId) {
      const original = await readFederatedPost(this.#db, change.rewhispOfId);
      if (original?.authorHost && original.authorActorUri && original.authorInboxUrl) {
        recipients.push(
          toRecipient({
            actor_uri: original.authorActorUri,
            inbox_url: original.authorInboxUrl,
            shared_inbox_url: original.authorSharedInboxUrl,
          }),
        );
      }
      if (recipients.length === 0 || !original) return;
      await ctx.sendActivity(
        { identifier: author.username },
        recipients,
        new Undo({
          id: new URL(`${noteId.href}#undo`),
          actor,
          object: new Announce({
            id: new URL(`${noteId.href}/activity`),
            actor,
            object: postUri(ctx, original),
          }),
        }),
        { preferSharedInbox: true },
      );
      return;
    }
    if (recipients.length === 0) return;
    await ctx.sendActivity(
      { identifier: author.username },
      recipients,
      new Delete({
        id: new URL(`${noteId.href}#delete`),
        actor,
        to: PUBLIC_COLLECTION,
        object: new Tombstone({ id: noteId }),
      }),
      { preferSharedInbox: true },
    );
  }

  /**
   * A local poll's new counts to those who have it; a local member's vote in a remote poll to
   * its author, one Note per choice named after the option, as Mastodon votes.
   */
  async #voted(ctx: Context<void>, change: Extract<FederatedChange, { kind: 'poll.voted' }>) {
    const post = await readFederatedPost(this.#db, change.postId);
    if (!post?.poll) return;
    if (post.authorHost === null) return this.#whisp(ctx, post.id, 'counted');
    const voter = await this.#local(change.voterId);
    if (!voter || !post.uri || !post.authorActorUri || !post.authorInboxUrl) return;
    const actor = ctx.getActorUri(voter.username);
    const author = new URL(post.authorActorUri);
    for (const choice of change.choices) {
      const name = post.poll.options[choice];
      if (name === undefined) continue;
      await ctx.sendActivity(
        { identifier: voter.username },
        toRecipient({
          actor_uri: post.authorActorUri,
          inbox_url: post.authorInboxUrl,
          shared_inbox_url: post.authorSharedInboxUrl,
        }),
        new Create({
          id: new URL(`${actor.href}#votes/${post.id}/${choice}/activity`),
          actor,
          to: author,
          object: new Note({
            id: new URL(`${actor.href}#votes/${post.id}/${choice}`),
            attribution: actor,
            to: author,
            name,
            replyTarget: new URL(post.uri),
          }),
        }),
      );
    }
  }

  async #like(ctx: Context<void>, memberId: string, postId: string, undo: boolean) {
    const member = await this.#local(memberId);
    const post = member && (await readFederatedPost(this.#db, postId));
    if (!member || !post?.authorHost || !post.authorActorUri || !post.authorInboxUrl) return;
    const actor = ctx.getActorUri(member.username);
    const like = new Like({
      id: new URL(`${actor.href}#likes/${post.id}`),
      actor,
      object: postUri(ctx, post),
    });
    await ctx.sendActivity(
      { identifier: member.username },
      toRecipient({
        actor_uri: post.authorActorUri,
        inbox_url: post.authorInboxUrl,
        shared_inbox_url: post.authorSharedInboxUrl,
      }),
      undo ? new Undo({ id: new URL(`${like.id?.href}/undo`), actor, object: like }) : like,
    );
  }

  async #follow(ctx: Context<void>, followerId: string, followedId: string, undo: boolean) {
    const follower = await this.#local(followerId);
    const followed = follower && (await this.#remote(followedId));
    if (!follower || !followed?.actor_uri) return;
    const actor = ctx.getActorUri(follower.username);
    const follow = new Follow({
      id: followActivityId(actor, followed.id),
      actor,
      object: new URL(followed.actor_uri),
    });
    await ctx.sendActivity(
      { identifier: follower.username },
      toRecipient(followed),
      undo ? new Undo({ id: new URL(`${follow.id?.href}/undo`), actor, object: follow }) : follow,
    );
  }

  async #answer(
    ctx: Context<void>,
    targetId: string,
    requesterIds: string[],
    kind: 'requests.accepted' | 'requests.rejected',
  ) {
    const target = await this.#local(targetId);
    if (!target) return;
    for (const requesterId of requesterIds) {
      const requester = await this.#remote(requesterId);
      if (!requester?.actor_uri || !requester.inbox_url || !requester.host) continue;
      const followId = await this.#kv.get<string>(followKey(requester.id, target.id));
      if (!followId) continue;
      await sendAnswer(
        ctx,
        kind === 'requests.accepted' ? Accept : Reject,
        target.username,
        {
          id: requester.id,
          host: requester.host,
          actorUri: requester.actor_uri,
          inboxUrl: requester.inbox_url,
          sharedInboxUrl: requester.shared_inbox_url,
        },
        {
          id: new URL(followId),
          actor: new URL(requester.actor_uri),
          object: ctx.getActorUri(target.username),
        },
      );
    }
  }

  async #block(ctx: Context<void>, blockerId: string, blockedId: string, undo: boolean) {
    const blocker = await this.#local(blockerId);
    const blocked = blocker && (await this.#remote(blockedId));
    if (!blocker || !blocked?.actor_uri) return;
    const actor = ctx.getActorUri(blocker.username);
    const block = new Block({
      id: new URL(`${actor.href}#blocks/${blocked.id}`),
      actor,
      object: new URL(blocked.actor_uri),
    });
    await ctx.sendActivity(
      { identifier: blocker.username },
      toRecipient(blocked),
      undo ? new Undo({ id: new URL(`${block.id?.href}/undo`), actor, object: block }) : block,
    );
  }

  /**
   * A report sent on to the reported member's server as Mastodon forwards one: a Flag from this
   * server's own actor naming the member and the whisp, never the member who reported.
   */
  async #flag(ctx: Context<void>, change: Extract<FederatedChange, { kind: 'report.forwarded' }>) {
    const reported = await this.#remote(change.memberId);
    if (!reported?.actor_uri) return;
    const post = change.postId ? await readFederatedPost(this.#db, change.postId) : undefined;
    const actor = ctx.getActorUri(INSTANCE_ACTOR);
    await ctx.sendActivity(
      { identifier: INSTANCE_ACTOR },
      toRecipient(reported),
      new Flag({
        id: new URL(`${actor.href}#reports/${crypto.randomUUID()}`),
        actor,
        objects: [new URL(reported.actor_uri), ...(post?.uri ? [new URL(post.uri)] : [])],
        content: change.details ? `${change.reason}: ${change.details}` : change.reason,
      }),
      { preferSharedInbox: true },
    );
  }

  async #profile(ctx: Context<void>, memberId: string) {
    const member = await this.#local(memberId);
    if (!member) return;
    const recipients = await remoteFollowersOf(this.#db, member.id);
    const person = await personOf(ctx, this.#db, member.username);
    if (recipients.length === 0 || !person) return;
    const actor = ctx.getActorUri(member.username);
    await ctx.sendActivity(
      { identifier: member.username },
      recipients,
      new Update({
        id: new URL(`${actor.href}#updates/${Date.now()}`),
        actor,
        to: PUBLIC_COLLECTION,
        object: person,
      }),
      { preferSharedInbox: true },
    );
  }
}
