import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { createFollowRequestsRepository } from './follow-requests.js';
import { memberAddressColumns } from './member-address.js';
import { createNotificationsRepository } from './notifications.js';
import { limitLiteral } from './plan-literals.js';
import { type MemberChanged, nothingCached } from './users.js';
import { hiddenMembers } from './visibility.js';

type Db = Kysely<DatabaseSchema>;

export interface Page {
  limit: number;
  offset: number;
}

/** Kept by the follows_keep_member_counts trigger, so it already includes this transaction's change. */
async function countFollowers(db: Db | Transaction<DatabaseSchema>, userId: string) {
  const row = await db
    .selectFrom('users')
    .where('id', '=', userId)
    .select('followers_count')
    .executeTakeFirstOrThrow();
  return Number(row.followers_count);
}

export function createFollowsRepository(
  db: Db,
  notifications = createNotificationsRepository(db),
  memberChanged: MemberChanged = nothingCached,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  const requests = createFollowRequestsRepository(
    db,
    notifications,
    memberChanged,
    federatedChanges,
  );

  // The count is read in the same transaction as the change, so it includes it.
  const change = async (followerId: string, followedId: string, following: boolean) => {
    const changed = await notifications.transaction(async (transaction) => {
      const cause = { type: 'follow', actorId: followerId, recipientId: followedId } as const;
      // A private member is asked first (Privacy and preferences 1.2).
      if (following && (await requests.request(followerId, followedId, transaction))) {
        return {
          is_following: false,
          is_requested: true,
          followers_count: await countFollowers(transaction, followedId),
        };
      }
      if (following) {
        const followed = await transaction
          .insertInto('follows')
          .values({ follower_id: followerId, followed_id: followedId })
          .onConflict((conflict) => conflict.doNothing())
          .returning('followed_id')
          .executeTakeFirst();
        if (followed) await notifications.record(transaction, cause);
      } else {
        await transaction
          .deleteFrom('follows')
          .where('follower_id', '=', followerId)
          .where('followed_id', '=', followedId)
          .execute();
        await notifications.withdraw(transaction, cause);
        await requests.withdraw(followerId, followedId, transaction);
      }
      return {
        is_following: following,
        is_requested: false,
        followers_count: await countFollowers(transaction, followedId),
      };
    });
    // The follower's cached sign-in carries their follow count, which picks how their feeds are
    // read (feeds.ts, FeedViewer).
    await memberChanged(followerId);
    federatedChanges.report({
      kind: following ? 'followed' : 'unfollowed',
      followerId,
      followedId,
    });
    return changed;
  };

  /**
   * Members on one side of a follow as the viewer sees them (none blocked either way, none
   * suspended), most recent first, one extra row to tell if more remain.
   */
  const list = (side: 'followers' | 'following', viewerId: string, userId: string, page: Page) => {
    const [matchColumn, memberColumn] =
      side === 'followers'
        ? (['follows.followed_id', 'follows.follower_id'] as const)
        : (['follows.follower_id', 'follows.followed_id'] as const);
    return db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', memberColumn)
      .select([
        'users.id',
        'users.username',
        'users.display_name',
        'users.avatar_key',
        'users.is_verified',
        ...memberAddressColumns('users'),
      ])
      .where(matchColumn, '=', userId)
      .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`)
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id')
      .limit(limitLiteral(page.limit + 1))
      .$if(page.offset > 0, (query) => query.offset(page.offset))
      .execute();
  };

  return {
    requests,
    follow: (followerId: string, followedId: string) => change(followerId, followedId, true),
    unfollow: (followerId: string, followedId: string) => change(followerId, followedId, false),
    followers: (viewerId: string, userId: string, page: Page) =>
      list('followers', viewerId, userId, page),
    following: (viewerId: string, userId: string, page: Page) =>
      list('following', viewerId, userId, page),
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
