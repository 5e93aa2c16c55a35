import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type LiveEvent,
  type LiveEventPublisher,
  nobodyListening,
} from '../../events/live-event.js';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema, NotificationType } from '../schema.js';
import { isId } from './ids.js';
import { fromSilencedStranger } from './instances.js';
import { mastodonAccountOf } from './mastodon-facts.js';
import { memberAddressColumns } from './member-address.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import { wantsNotification } from './preferences.js';
import { hiddenOrMutedMembers, holdsMutedWord, readableMember } from './visibility.js';

type Db = Kysely<DatabaseSchema>;
type Tx = Transaction<DatabaseSchema>;

/** Something a member did that the owner of the whisp (or the member followed) hears about. */
export type NotificationCause =
  | { type: 'like' | 'rewhisp'; actorId: string; postId: string }
  | { type: 'follow' | 'follow_request'; actorId: string; recipientId: string };

export interface NewPostCause {
  postId: string;
  authorId: string;
  replyToId: string | undefined;
  /** Usernames of existing members, as stored with the whisp. */
  mentions: string[];
}

export type NotificationRow = Awaited<
  ReturnType<ReturnType<typeof selectNotifications>['execute']>
>[number];

function selectNotifications(db: Db, recipientId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as actor', 'actor.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .select([
      'n.id',
      'n.type',
      'n.is_read',
      'n.created_at',
      'n.event_seq',
      'n.post_id',
      'n.message',
      mastodonIdText('n'),
      'p.content as post_content',
      'actor.id as actor_id',
      'actor.username as actor_username',
      'actor.display_name as actor_display_name',
      'actor.avatar_key as actor_avatar_key',
      'actor.is_verified as actor_is_verified',
      ...memberAddressColumns('actor', 'actor_'),
    ])
    .where('n.recipient_id', '=', recipientId)
    .where(visibleNotification(recipientId));
}

/**
 * Notifications the recipient sees: none from a member blocked either way, suspended or muted,
 * none about a whisp holding a muted word, no reply or mention written by a private member the
 * recipient does not follow (it would show a protected whisp; a like or a follow request shows
 * none). Read lists, unread counts, live events and their replay all pass here, so a hidden
 * notification never reaches the member by any road.
 */
const visibleNotification = (recipientId: string) =>
  // The whisp is read only for a member who mutes words (the first arm is computed once), so an
  // unread count over many notifications reads no whisps for everyone else.
  sql<boolean>`n.actor_id not in ${hiddenOrMutedMembers(recipientId)}
    and (n.type not in ('reply', 'mention') or ${readableMember(recipientId, sql`n.actor_id`)})
    and (not exists (select 1 from muted_words where user_id = ${recipientId})
      or not coalesce((select ${holdsMutedWord(recipientId, 'muted_check')}
        from posts muted_check where muted_check.id = n.post_id), false))`;

export function createNotificationsRepository(
  db: Db,
  publisher: LiveEventPublisher = nobodyListening,
) {
  // The live events of each open transaction, published once (and only if) it commits.
  const pending = new WeakMap<Tx, LiveEvent[]>();

  function eventsOf(transaction: Tx) {
    const events = pending.get(transaction);
    // A notification written in a plain transaction would never reach the open event streams.
    if (!events) throw new Error('Record notifications inside notifications.transaction()');
    return events;
  }

  async function insert(
    transaction: Tx,
    rows: {
      recipient_id: string;
      actor_id: string;
      type: NotificationType;
      post_id: string | null;
    }[],
  ) {
    const others = rows.filter((row) => row.recipient_id !== row.actor_id);
    if (others.length === 0) return;
    // Between a blocker and the member they block nothing notifies (a mention included).
    const blocked = await transaction
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where((eb) =>
        eb.or(
          others.flatMap((row) => [
            eb.and([eb('blocker_id', '=', row.recipient_id), eb('blocked_id', '=', row.actor_id)]),
            eb.and([eb('blocker_id', '=', row.actor_id), eb('blocked_id', '=', row.recipient_id)]),
          ]),
        ),
      )
      .execute();
    const between = (a: string, b: string) =>
      blocked.some(
        (block) =>
          (block.blocker_id === a && block.blocked_id === b) ||
          (block.blocker_id === b && block.blocked_id === a),
      );
    const wanted = others.filter((row) => !between(row.recipient_id, row.actor_id));
    if (wanted.length === 0) return;
    // A type the recipient turned off is not written at all (so never listed, counted or sent
    // live); their switch is read in this same statement rather than in one of its own.
    const { rows: created } = await sql<{ id: string; recipient_id: string }>`
      insert into notifications (recipient_id, actor_id, type, post_id)
      select wanted.recipient_id, wanted.actor_id, wanted.type, wanted.post_id
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
        as wanted(recipient_id uuid, actor_id uuid, type text, post_id uuid)
      where ${wantsNotification(sql`wanted.recipient_id`, sql`wanted.type`)}
        and not ${fromSilencedStranger(sql`wanted.recipient_id`, sql`wanted.actor_id`)}
      on conflict do nothing
      returning id, recipient_id
    `.execute(transaction);
    const events = eventsOf(transaction);
    for (const row of created) {
      events.push({ memberId: row.recipient_id, kind: 'notification', id: row.id });
    }
  }

  async function authorOf(transaction: Tx, postId: string) {
    const row = await transaction
      .selectFrom('posts')
      .select('author_id')
      .where('id', '=', postId)
      .executeTakeFirst();
    return row?.author_id;
  }

  async function recipientOf(transaction: Tx, cause: NotificationCause) {
    return 'recipientId' in cause ? cause.recipientId : authorOf(transaction, cause.postId);
  }

  return {
    /**
     * Runs a change in a transaction; the notifications and messages it records go out to the
     * open event streams after it commits, never when it rolls back.
     */
    async transaction<T>(work: (transaction: Tx) => Promise<T>): Promise<T> {
      const events: LiveEvent[] = [];
      const result = await db.transaction().execute((transaction) => {
        pending.set(transaction, events);
        return work(transaction);
      });
      // Awaited: the request that made the change answers only once every instance can hear of
      // it (LiveEventPublisher), so the member's next request never races their own events.
      if (events.length > 0) await publisher.publish(events);
      return result;
    },

    /** Queues a live event to go out when the transaction commits. */
    stage(transaction: Tx, event: LiveEvent) {
      eventsOf(transaction).push(event);
    },

    /** After a change made outside `transaction()` (marking read): the member's badges move. */
    announceUnread(memberId: string) {
      publisher.publish([{ memberId, kind: 'unread' }]);
    },

    /** Events of a change already committed (an edit, a deletion). */
    announce(events: readonly LiveEvent[]) {
      return publisher.publish(events);
    },

    /** A like, rewhisp, follow or follow request just made (call only when the row is new). */
    async record(transaction: Tx, cause: NotificationCause) {
      const recipientId = await recipientOf(transaction, cause);
      if (!recipientId) return;
      await insert(transaction, [
        {
          recipient_id: recipientId,
          actor_id: cause.actorId,
          type: cause.type,
          post_id: 'postId' in cause ? cause.postId : null,
        },
      ]);
    },

    /** Its undo: an unlike leaves no stale "liked your whisp" behind. */
    async withdraw(transaction: Tx, cause: NotificationCause) {
      const recipientId = await recipientOf(transaction, cause);
      if (!recipientId) return;
      let query = transaction
        .deleteFrom('notifications')
        .where('recipient_id', '=', recipientId)
        .where('actor_id', '=', cause.actorId)
        .where('type', '=', cause.type);
      if ('postId' in cause) query = query.where('post_id', '=', cause.postId);
      const removed = await query.returning('is_read').execute();
      // The badge of an open tab drops with it.
      if (removed.some((row) => !row.is_read)) {
        eventsOf(transaction).push({ memberId: recipientId, kind: 'unread' });
      }
    },

    /**
     * A new whisp or reply: the replied-to author hears of the reply, and every other member it
     * mentions of the mention. A reply that also mentions the author is one notification.
     */
    async recordNewPost(transaction: Tx, post: NewPostCause) {
      const parentAuthorId = post.replyToId
        ? await authorOf(transaction, post.replyToId)
        : undefined;
      const rows: Parameters<typeof insert>[1] = [];
      if (parentAuthorId) {
        rows.push({
          recipient_id: parentAuthorId,
          actor_id: post.authorId,
          type: 'reply',
          post_id: post.postId,
        });
      }
      if (post.mentions.length > 0) {
        const mentioned = await transaction
          .selectFrom('users')
          .select('id')
          .where(
            sql`lower(username)`,
            'in',
            post.mentions.map((name) => name.toLowerCase()),
          )
          // A bare @name is a member of this server, never a remote namesake.
          .where('host', 'is', null)
          .execute();
        for (const { id } of mentioned) {
          if (id === parentAuthorId) continue;
          rows.push({
            recipient_id: id,
            actor_id: post.authorId,
            type: 'mention',
            post_id: post.postId,
          });
        }
      }
      await insert(transaction, rows);
    },

    /** A direct message: one notification per message. */
    async recordMessage(transaction: Tx, senderId: string, recipientId: string) {
      await insert(transaction, [
        { recipient_id: recipientId, actor_id: senderId, type: 'direct_message', post_id: null },
      ]);
    },

    /**
     * Newest first; `before` is the id of the last notification of the previous page. `types`
     * keeps only those (the Mastodon API's filters); all when absent.
     */
    async list(
      recipientId: string,
      limit: number,
      before: string | undefined,
      types?: readonly NotificationType[],
      {
        mastodon = false,
        anyoneMayBeSuspended = true,
      }: { mastodon?: boolean; anyoneMayBeSuspended?: boolean } = {},
    ) {
      let query = selectNotifications(db, recipientId).$if(mastodon, (query) =>
        // The Mastodon client API's account of each actor, in this statement rather than another.
        query.select(mastodonAccountOf('actor', anyoneMayBeSuspended).as('mastodon_actor')),
      );
      if (types) {
        if (types.length === 0) return [];
        query = query.where('n.type', 'in', types);
      }
      if (before && isId(before)) {
        const cursor = await db
          .selectFrom('notifications')
          .select(['created_at', 'id'])
          .where('id', '=', before)
          .where('recipient_id', '=', recipientId)
          .executeTakeFirst();
        if (cursor) {
          query = query.where(
            sql<boolean>`(n.created_at, n.id) < (${cursor.created_at}, ${cursor.id}::uuid)`,
          );
        }
      }
      return query
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limitLiteral(limit))
        .execute();
    },

    findOne(recipientId: string, id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return selectNotifications(db, recipientId).where('n.id', '=', id).executeTakeFirst();
    },

    /** What a stream that last saw `afterSeq` missed, oldest first. */
    since(recipientId: string, afterSeq: number, limit: number) {
      return selectNotifications(db, recipientId)
        .where('n.event_seq', '>', afterSeq)
        .orderBy('n.event_seq')
        .limit(limit)
        .execute();
    },

    async unreadCount(recipientId: string) {
      const row = await db
        .selectFrom('notifications as n')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('n.recipient_id', '=', recipientId)
        .where('n.is_read', '=', FALSE)
        .where(visibleNotification(recipientId))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** False when the member has no such notification. */
    async markRead(recipientId: string, id: string) {
      if (!isId(id)) return false;
      const changed = await db
        .updateTable('notifications')
        .set({ is_read: true })
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .where('is_read', '=', FALSE)
        .returning('id')
        .executeTakeFirst();
      if (changed) {
        publisher.publish([{ memberId: recipientId, kind: 'unread' }]);
        return true;
      }
      // Already read is still a success; someone else's or unknown is not.
      const mine = await db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .executeTakeFirst();
      return mine !== undefined;
    },

    /** A notification's Whisp id from its Mastodon id, if it is the recipient's. */
    async idOf(recipientId: string, mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const row = await db
        .selectFrom('notifications')
        .select('id')
        .where('recipient_id', '=', recipientId)
        .where('mastodon_id', '=', sql`${mastodonId}::bigint`)
        .executeTakeFirst();
      return row?.id;
    },

    /** Deletes one of the member's notifications; false when they have no such one. */
    async dismiss(recipientId: string, id: string) {
      if (!isId(id)) return false;
      const gone = await db
        .deleteFrom('notifications')
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .returning('is_read')
        .executeTakeFirst();
      if (gone && !gone.is_read) publisher.publish([{ memberId: recipientId, kind: 'unread' }]);
      return gone !== undefined;
    },

    /** Deletes all the member's notifications. */
    async clear(recipientId: string) {
      const gone = await db
        .deleteFrom('notifications')
        .where('recipient_id', '=', recipientId)
        .returning('is_read')
        .execute();
      if (gone.some((row) => !row.is_read)) {
        publisher.publish([{ memberId: recipientId, kind: 'unread' }]);
      }
      return gone.length;
    },

    /** Marks read every notification up to this Mastodon id (a notifications marker). */
    async markReadUpTo(recipientId: string, mastodonId: string) {
      if (!isMastodonId(mastodonId)) return 0;
      const rows = await db
        .updateTable('notifications')
        .set({ is_read: true })
        .where('recipient_id', '=', recipientId)
        .where('is_read', '=', FALSE)
        .where('mastodon_id', '<=', sql`${mastodonId}::bigint`)
        .returning('id')
        .execute();
      if (rows.length > 0) publisher.publish([{ memberId: recipientId, kind: 'unread' }]);
      return rows.length;
    },

    async markAllRead(recipientId: string) {
      const rows = await db
        .updateTable('notifications')
        .set({ is_read: true })
        .where('recipient_id', '=', recipientId)
        .where('is_read', '=', FALSE)
        .returning('id')
        .execute();
      if (rows.length > 0) publisher.publish([{ memberId: recipientId, kind: 'unread' }]);
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
