import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';
import { memberAddressColumns } from './member-address.js';
import type { NotificationsRepository } from './notifications.js';
import { wantsNotification } from './preferences.js';
import { EVERY_MEMBER, type MemberChanged } from './users.js';
import { hiddenMembers } from './visibility.js';

// Private accounts (Privacy and preferences 1.2): a follow of a private member waits as a request
// until they accept it, and accepting makes it an ordinary follow (the count triggers count it).

type Db = Kysely<DatabaseSchema>;
type Tx = Transaction<DatabaseSchema>;

async function followersCount(transaction: Tx, memberId: string) {
  const row = await transaction
    .selectFrom('users')
    .where('id', '=', memberId)
    .select('followers_count')
    .executeTakeFirstOrThrow();
  return Number(row.followers_count);
}

/**
 * The follows these requests become, and their notifications turned into follow notifications:
 * the member reads "started following you" for someone who now does, as on Mastodon, where an accepted
 * request is a follow like any other. Returns who now follows.
 */
async function acceptRequests(transaction: Tx, targetId: string, requesterIds?: string[]) {
  const accepted = await transaction
    .deleteFrom('follow_requests')
    .where('target_id', '=', targetId)
    .$if(requesterIds !== undefined, (query) =>
      query.where('requester_id', 'in', requesterIds ?? []),
    )
    .returning('requester_id')
    .execute();
  const followers = accepted.map((row) => row.requester_id);
  if (followers.length === 0) return followers;
  await transaction
    .insertInto('follows')
    .values(followers.map((id) => ({ follower_id: id, followed_id: targetId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  // Rewritten only for a member who wants follow notifications; one with them off keeps none (a
  // follow would not have made one), as their answered requests need no more answering.
  await transaction
    .updateTable('notifications')
    .set({ type: 'follow' })
    .where('recipient_id', '=', targetId)
    .where('type', '=', 'follow_request')
    .where('actor_id', 'in', followers)
    .where(wantsNotification(sql`${targetId}::uuid`, sql`'follow'`))
    .execute();
  await transaction
    .deleteFrom('notifications')
    .where('recipient_id', '=', targetId)
    .where('type', '=', 'follow_request')
    .where('actor_id', 'in', followers)
    .execute();
  return followers;
}

export function createFollowRequestsRepository(
  db: Db,
  notifications: NotificationsRepository,
  memberChanged: MemberChanged,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  return {
    /**
     * Asks to follow a private member; false when `targetId` is not private (then the caller
     * follows). The target's row is locked first, so a member turning public at the same moment
     * either sees this request (and accepts it) or makes this a plain follow. `for no key update`,
     * the lock the follow's count trigger takes on that row anyway: a `for share` here had to be
     * raised to it by the trigger, and two follows of one member at once each held the share the
     * other waited on (PostgreSQL aborted one as a deadlock; seen in CI's PostgreSQL pass).
     */
    async request(requesterId: string, targetId: string, transaction: Tx) {
      const target = await transaction
        .selectFrom('users')
        .select(['is_private', 'host'])
        .where('id', '=', targetId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      // A remote member's server answers for them (federation): pending until it accepts.
      if (!target || (!target.is_private && target.host === null)) return false;
      const following = await transaction
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', requesterId)
        .where('followed_id', '=', targetId)
        .executeTakeFirst();
      // Already an accepted follower: following again changes nothing.
      if (following) return false;
      const made = await transaction
        .insertInto('follow_requests')
        .values({ requester_id: requesterId, target_id: targetId })
        .onConflict((conflict) => conflict.doNothing())
        .returning('target_id')
        .executeTakeFirst();
      if (made) {
        await notifications.record(transaction, {
          type: 'follow_request',
          actorId: requesterId,
          recipientId: targetId,
        });
      }
      return true;
    },

    /** Withdraws a request (unfollow does), with its notification. */
    async withdraw(requesterId: string, targetId: string, transaction: Tx) {
      await transaction
        .deleteFrom('follow_requests')
        .where('requester_id', '=', requesterId)
        .where('target_id', '=', targetId)
        .execute();
      await notifications.withdraw(transaction, {
        type: 'follow_request',
        actorId: requesterId,
        recipientId: targetId,
      });
    },

    /** Whether `requesterId` waits for `targetId`'s answer. */
    async isRequested(requesterId: string, targetId: string) {
      const row = await db
        .selectFrom('follow_requests')
        .select('target_id')
        .where('requester_id', '=', requesterId)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Who asked to follow the member, oldest first (none blocked either way, none suspended). */
    list(targetId: string) {
      return db
        .selectFrom('follow_requests')
        .innerJoin('users', 'users.id', 'follow_requests.requester_id')
        .select([
          'users.id',
          'users.username',
          'users.display_name',
          'users.avatar_key',
          'users.is_verified',
          ...memberAddressColumns('users'),
        ])
        .where('follow_requests.target_id', '=', targetId)
        .where(sql<boolean>`users.id not in ${hiddenMembers(targetId)}`)
        .orderBy('follow_requests.created_at')
        .orderBy('follow_requests.requester_id')
        .execute();
    },

    /** Accepts one request: the member's followers count after it, or undefined for no request. */
    async accept(targetId: string, requesterId: string) {
      if (!isId(requesterId)) return undefined;
      const count = await notifications.transaction(async (transaction) => {
        const accepted = await acceptRequests(transaction, targetId, [requesterId]);
        return accepted.length > 0 ? followersCount(transaction, targetId) : undefined;
      });
      // The new follower's cached sign-in carries their follow count (feeds.ts, FeedViewer).
      if (count !== undefined) {
        await memberChanged(requesterId);
        federatedChanges.report({
          kind: 'requests.accepted',
          targetId,
          requesterIds: [requesterId],
        });
      }
      return count;
    },

    /** Declines one request: the member's followers count, or undefined for no request. */
    async reject(targetId: string, requesterId: string) {
      if (!isId(requesterId)) return undefined;
      const count = await notifications.transaction(async (transaction) => {
        const removed = await transaction
          .deleteFrom('follow_requests')
          .where('target_id', '=', targetId)
          .where('requester_id', '=', requesterId)
          .returning('requester_id')
          .executeTakeFirst();
        if (!removed) return undefined;
        await notifications.withdraw(transaction, {
          type: 'follow_request',
          actorId: requesterId,
          recipientId: targetId,
        });
        return followersCount(transaction, targetId);
      });
      if (count !== undefined) {
        federatedChanges.report({
          kind: 'requests.rejected',
          targetId,
          requesterIds: [requesterId],
        });
      }
      return count;
    },

    /**
     * Turns the member private or public; turning public accepts every pending request in the
     * same transaction, so no request outlives the privacy that made it.
     */
    async setPrivate(memberId: string, isPrivate: boolean) {
      const result = await notifications.transaction(async (transaction) => {
        const before = await transaction
          .selectFrom('users')
          .select('is_private')
          .where('id', '=', memberId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (before.is_private === isPrivate) return { changed: false, followers: [] };
        await transaction
          .updateTable('users')
          .set({ is_private: isPrivate, updated_at: new Date() })
          .where('id', '=', memberId)
          .execute();
        const followers = isPrivate ? [] : await acceptRequests(transaction, memberId);
        return { changed: true, followers };
      });
      // Every cached sign-in carries whether any member is private (visibility.ts,
      // viewerFilterColumns), which decides whether a feed filters for them at all.
      if (result.changed) await memberChanged(EVERY_MEMBER);
      if (result.followers.length > 0) {
        federatedChanges.report({
          kind: 'requests.accepted',
          targetId: memberId,
          requesterIds: result.followers,
        });
      }
      if (result.changed) federatedChanges.report({ kind: 'profile.updated', memberId });
      return result.changed;
    },
  };
}

export type FollowRequestsRepository = ReturnType<typeof createFollowRequestsRepository>;
