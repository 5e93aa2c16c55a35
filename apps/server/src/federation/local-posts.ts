import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** A whisp as federation reads it: a local one to send, or any one another refers to. */
export interface FederatedPost {
  id: string;
  authorId: string;
  authorUsername: string;
  /** Null for a local author. */
  authorHost: string | null;
  authorActorUri: string | null;
  authorInboxUrl: string | null;
  authorSharedInboxUrl: string | null;
  authorPrivate: boolean;
  /** A remote whisp's ActivityPub id; null for a local one (its id is built from its author). */
  uri: string | null;
  content: string;
  contentWarning: string | null;
  hashtags: string[];
  mentions: string[];
  createdAt: Date;
  editedAt: Date | null;
  rewhispOfId: string | null;
  replyToId: string | null;
  media: { key: string; kind: 'image' | 'video'; alt: string | null }[];
  /** Its poll, with the counts as they stand; null for none. */
  poll: FederatedPoll | null;
}

export interface FederatedPoll {
  options: string[];
  multiple: boolean;
  expiresAt: Date;
  optionCounts: number[];
  votersCount: number;
}

/** One whisp with its author, or undefined when it is gone. */
export async function readFederatedPost(db: Db, postId: string) {
  const row = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select([
      'posts.id',
      'posts.author_id',
      'users.username',
      'users.host',
      'users.actor_uri',
      'users.inbox_url',
      'users.shared_inbox_url',
      'users.is_private',
      'posts.uri',
      'posts.content',
      'posts.content_warning',
      'posts.hashtags',
      'posts.mentions',
      'posts.created_at',
      'posts.edited_at',
      'posts.rewhisp_of_id',
      'posts.reply_to_id',
      'posts.media_keys',
      'posts.media_alts',
      sql<('image' | 'video')[]>`array(select kind from post_media m
        where m.key = any(posts.media_keys) order by array_position(posts.media_keys, m.key))`.as(
        'media_kinds',
      ),
    ])
    .where('posts.id', '=', postId)
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const poll = await db
    .selectFrom('polls')
    .select(['options', 'multiple', 'expires_at', 'option_counts', 'voters_count'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return {
    id: row.id,
    authorId: row.author_id,
    authorUsername: row.username,
    authorHost: row.host,
    authorActorUri: row.actor_uri,
    authorInboxUrl: row.inbox_url,
    authorSharedInboxUrl: row.shared_inbox_url,
    authorPrivate: row.is_private,
    uri: row.uri,
    content: row.content,
    contentWarning: row.content_warning,
    hashtags: row.hashtags,
    mentions: row.mentions,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    rewhispOfId: row.rewhisp_of_id,
    replyToId: row.reply_to_id,
    media: row.media_keys.map((key, index) => ({
      key,
      kind: row.media_kinds[index] ?? 'image',
      alt: row.media_alts[index] ?? null,
    })),
    poll: poll
      ? {
          options: poll.options,
          multiple: poll.multiple,
          expiresAt: poll.expires_at,
          optionCounts: poll.option_counts,
          votersCount: poll.voters_count,
        }
      : null,
  } satisfies FederatedPost;
}

/** A local member by username (never a remote one: their actor lives on their server). */
export function readLocalMember(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'display_name',
      'bio',
      'avatar_key',
      'banner_key',
      'is_private',
      'created_at',
      'followers_count',
      'following_count',
      'posts_count',
    ])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('host', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
}

export function readMemberById(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'host', 'actor_uri', 'inbox_url', 'shared_inbox_url'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The remote members who follow a local member, as Fedify's recipients: one per inbox is
 * enough, and a server Whisp suspended receives nothing.
 */
export async function remoteFollowersOf(db: Db, memberId: string) {
  const rows = await db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .select(['users.actor_uri', 'users.inbox_url', 'users.shared_inbox_url'])
    .where('follows.followed_id', '=', memberId)
    .where('users.host', 'is not', null)
    .where(
      sql<boolean>`not exists (select 1 from instance_policies policy
        where policy.host = users.host and policy.policy = 'suspend')`,
    )
    .execute();
  return rows.flatMap((row) => (row.actor_uri && row.inbox_url ? [toRecipient(row)] : []));
}

/**
 * Every remote member whose server holds something of a local member: their followers, whom they
 * follow, and whom they asked to follow. The servers a departure is announced to.
 */
export async function remoteContactsOf(db: Db, memberId: string) {
  const contacts = sql<string>`(
    select follower_id from follows where followed_id = ${memberId}
    union select followed_id from follows where follower_id = ${memberId}
    union select target_id from follow_requests where requester_id = ${memberId}
  )`;
  const rows = await db
    .selectFrom('users')
    .select(['users.actor_uri', 'users.inbox_url', 'users.shared_inbox_url'])
    .where('users.id', 'in', contacts)
    .where('users.host', 'is not', null)
    .where(
      sql<boolean>`not exists (select 1 from instance_policies policy
        where policy.host = users.host and policy.policy = 'suspend')`,
    )
    .execute();
  return rows.flatMap((row) => (row.actor_uri && row.inbox_url ? [toRecipient(row)] : []));
}

export function toRecipient(row: {
  actor_uri: string | null;
  inbox_url: string | null;
  shared_inbox_url: string | null;
}) {
  return {
    id: new URL(row.actor_uri ?? ''),
    inboxId: new URL(row.inbox_url ?? ''),
    endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
  };
}

/** Local members named in a whisp who are remote, as recipients (they hear of the mention). */
export async function remoteMembersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['actor_uri', 'inbox_url', 'shared_inbox_url'])
    .where('id', 'in', ids)
    .where('host', 'is not', null)
    .execute();
  return rows.map(toRecipient);
}
