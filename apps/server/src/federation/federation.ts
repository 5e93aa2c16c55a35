import {
  type Context,
  createExponentialBackoffPolicy,
  createFederation,
  type Federation,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import { getUserAgent } from '@fedify/fedify/runtime';
import { Endpoints, Image, Note, Person } from '@fedify/fedify/vocab';
import type { Kysely } from 'kysely';
import type { RemoteMediaMode } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import type { MemberChanged } from '../db/repositories/users.js';
import type { DatabaseSchema } from '../db/schema.js';
import { escapeHtml } from '../mastodon/html.js';
import { mastodonUrls } from '../mastodon/urls.js';
import type { MediaStorage } from '../media/storage.js';
import { APP_VERSION } from '../version.js';
import { departedActorOf } from './departed.js';
import { registerInbox } from './inbox.js';
import { INSTANCE_ACTOR, instanceActorKeyPairs, instanceActorOf } from './instance-actor.js';
import { actorKeyPairs } from './keys.js';
import { DatabaseKvStore } from './kv-store.js';
import { readFederatedPost, readLocalMember, remoteFollowersOf } from './local-posts.js';
import { DatabaseMessageQueue } from './message-queue.js';
import { toInstant, toNote } from './notes.js';
import { mentionedMembersOf, replyTargetOf } from './post-context.js';
import { RemoteMedia } from './remote-media.js';

export interface FederationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WhispFederationOptions {
  db: Kysely<DatabaseSchema>;
  repositories: Repositories;
  /** Forgets cached sign-ins (a remote member turning private changes what every viewer reads). */
  memberChanged: MemberChanged;
  /** WHISP_PUBLIC_URL: its origin is this server's identity on the fediverse. */
  publicUrl: string;
  allowPrivateAddress: boolean;
  /** Where remote whisps' files and remote members' pictures are stored, as uploads are. */
  mediaStorage: MediaStorage;
  /** WHISP_REMOTE_MEDIA: `off` stores no remote file. */
  remoteMediaMode: RemoteMediaMode;
  log: FederationLog;
  /** Tests pass their own; by default both live in the database, shared by every instance. */
  kv?: KvStore;
  queue?: MessageQueue;
}

export type WhispFederation = Federation<void>;

const retryWithBackoff = createExponentialBackoffPolicy();
type Db = Kysely<DatabaseSchema>;

export interface WhispFederationParts {
  federation: WhispFederation;
  /** Fedify's store, where Whisp keeps the follow ids it must answer (follow-ids.ts). */
  kv: KvStore;
  /** Downloads remote files; a member looked up by hand gets their pictures through it too. */
  remoteMedia: RemoteMedia;
}

/**
 * This server's ActivityPub side on Fedify (api.md, "Federation (1.2)"): each local member is a
 * Person at /users/{username}, found by WebFinger; their public whisps are Notes at
 * /users/{username}/whisps/{id}. Deliveries and received activities go through the database's
 * queue, so they survive a restart and any instance may handle them.
 */
export function createWhispFederation(options: WhispFederationOptions): WhispFederationParts {
  const { db, publicUrl, allowPrivateAddress } = options;
  const kv = options.kv ?? new DatabaseKvStore(db);
  const software = `Whisp/${APP_VERSION}`;
  const remoteMedia = new RemoteMedia({
    db,
    storage: options.mediaStorage,
    mode: options.remoteMediaMode,
    allowPrivateAddress,
    userAgent: getUserAgent({ software, url: new URL(publicUrl) }),
    log: options.log,
  });
  const federation = createFederation<void>({
    kv,
    queue: options.queue ?? new DatabaseMessageQueue(db, { queue: 'federation', log: options.log }),
    origin: new URL(publicUrl).origin,
    allowPrivateAddress,
    // The queue starts with the server (plugins/federation.ts), not at the first enqueue, so that
    // work another instance or an earlier run left is picked up.
    manuallyStartQueue: true,
    userAgent: { software, url: new URL(publicUrl) },
    // Fedify's backoff (up to 10 attempts over about 12 hours), with the giving up logged.
    outboxRetryPolicy: (context) => {
      const delay = retryWithBackoff(context);
      if (delay === null) {
        options.log.error(
          { attempts: context.attempts },
          'federation: gave up on a delivery after its last attempt (the followers it was for are kept)',
        );
      }
      return delay;
    },
    onOutboxError: (error, activity) => {
      options.log.warn(
        { err: error, activity: activity?.id?.href },
        'federation: a delivery failed (it is retried)',
      );
    },
  });

  // A server that answers 404 or 410 for an inbox: not tried again, and said so.
  federation.setOutboxPermanentFailureHandler((_ctx, failure) => {
    options.log.warn(
      {
        inbox: failure.inbox.href,
        reason: failure.reason,
        statusCode: failure.statusCode,
        activity: failure.activity.id?.href,
      },
      'federation: an inbox is gone; delivering to it stopped (the followers it held are kept)',
    );
  });

  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) =>
      identifier === INSTANCE_ACTOR
        ? instanceActorOf(ctx)
        : ((await personOf(ctx, db, identifier)) ?? departedActorOf(ctx, kv, identifier)),
    )
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceActorKeyPairs(db);
      const member = await readLocalMember(db, identifier);
      return member ? actorKeyPairs(db, member.id) : [];
    });

  // Counts only: who follows whom is each member's to see in the app, not a public list.
  federation
    .setFollowersDispatcher('/users/{identifier}/followers', async (_ctx, identifier) => {
      const member = await readLocalMember(db, identifier);
      if (!member) return null;
      return { items: await remoteFollowersOf(db, member.id) };
    })
    .setCounter(async (_ctx, identifier) => {
      const member = await readLocalMember(db, identifier);
      return member ? Number(member.followers_count) : null;
    });
  federation
    .setFollowingDispatcher('/users/{identifier}/following', async (_ctx, identifier) =>
      (await readLocalMember(db, identifier)) ? { items: [] } : null,
    )
    .setCounter(async (_ctx, identifier) => {
      const member = await readLocalMember(db, identifier);
      return member ? Number(member.following_count) : null;
    });
  federation
    .setOutboxDispatcher('/users/{identifier}/outbox', async (_ctx, identifier) =>
      (await readLocalMember(db, identifier)) ? { items: [] } : null,
    )
    .setCounter(async (_ctx, identifier) => {
      const member = await readLocalMember(db, identifier);
      return member ? Number(member.posts_count) : null;
    });
  // Where Mastodon looks for pinned posts: Whisp has none yet, so it is there and empty rather
  // than missing (a missing one makes some servers retry it).
  federation.setFeaturedDispatcher('/users/{identifier}/featured', async (_ctx, identifier) =>
    (await readLocalMember(db, identifier)) ? { items: [] } : null,
  );

  // A public whisp, for servers that fetch it (to check an activity, or to show a thread). A
  // private member's whisps are their followers' alone: not served.
  federation.setObjectDispatcher(
    Note,
    '/users/{identifier}/whisps/{id}',
    async (ctx, { identifier, id }) => {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const post = await readFederatedPost(db, id);
      if (
        !post ||
        post.authorHost !== null ||
        post.authorPrivate ||
        post.rewhispOfId !== null ||
        post.authorUsername.toLowerCase() !== identifier.toLowerCase()
      ) {
        return null;
      }
      return toNote(ctx, post, {
        replyTo: await replyTargetOf(ctx, db, post),
        mentioned: await mentionedMembersOf(ctx, db, post),
      });
    },
  );

  registerInbox(federation, { ...options, kv, media: remoteMedia });
  return { federation, kv, remoteMedia };
}

/** A local member as an ActivityPub Person; null for anyone else. */
export async function personOf(ctx: Context<void>, db: Db, identifier: string) {
  const member = await readLocalMember(db, identifier);
  if (!member) return null;
  const urls = mastodonUrls(ctx.origin);
  const keys = await ctx.getActorKeyPairs(identifier);
  return new Person({
    id: ctx.getActorUri(identifier),
    preferredUsername: member.username,
    name: member.display_name,
    summary: member.bio ? `<p>${escapeHtml(member.bio)}</p>` : null,
    url: new URL(urls.profile(member.username)),
    inbox: ctx.getInboxUri(identifier),
    outbox: ctx.getOutboxUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    following: ctx.getFollowingUri(identifier),
    featured: ctx.getFeaturedUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((key) => key.multikey),
    icon: member.avatar_key ? new Image({ url: new URL(urls.avatar(member.avatar_key)) }) : null,
    image: member.banner_key ? new Image({ url: new URL(urls.header(member.banner_key)) }) : null,
    manuallyApprovesFollowers: member.is_private,
    discoverable: true,
    published: toInstant(member.created_at),
  });
}
