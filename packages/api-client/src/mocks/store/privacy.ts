import type { Id } from '../../models.js';
import { fail } from '../errors.js';
import type { StoreContext } from './context.js';
import { wantsNotification } from './preferences.js';
import type { UserRecord } from './records.js';
import { visibilityFor } from './visibility.js';

// Private accounts (Privacy and preferences 1.2), as the server keeps them: a follow of a private
// member waits as a request until they answer; accepting makes it an ordinary follow.

/** The rules people.ts applies when following, unfollowing and turning privacy on or off. */
export function createFollowRequestRules(ctx: StoreContext) {
  const pending = (requesterId: Id, targetId: Id) =>
    ctx.data.followRequests.some((r) => r.requester_id === requesterId && r.target_id === targetId);

  /** Accepts these requests (every one when `requesterIds` is missing); returns who now follows. */
  const accept = (target: UserRecord, requesterIds?: Id[]) => {
    const accepted = ctx.data.followRequests.filter(
      (r) => r.target_id === target.id && (!requesterIds || requesterIds.includes(r.requester_id)),
    );
    ctx.data.followRequests = ctx.data.followRequests.filter((r) => !accepted.includes(r));
    for (const { requester_id } of accepted) {
      if (!ctx.shapes.isFollowing(requester_id, target.id)) {
        ctx.data.follows.push({
          follower_id: requester_id,
          followed_id: target.id,
          created_at: ctx.now(),
        });
      }
      // The member reads "started following you" for someone who now does, as on the server; with follow
      // notifications off, the answered request's notification goes.
      const answered = (notification: (typeof ctx.data.notifications)[number]) =>
        notification.user_id === target.id &&
        notification.actor_id === requester_id &&
        notification.type === 'follow_request';
      if (wantsNotification(target, 'follow')) {
        for (const notification of ctx.data.notifications) {
          if (answered(notification)) notification.type = 'follow';
        }
      } else {
        ctx.data.notifications = ctx.data.notifications.filter((n) => !answered(n));
      }
    }
    return accepted.map((r) => r.requester_id);
  };

  return {
    accept,
    /**
     * Asks to follow a private member, or a member of another server (whose server answers, as
     * the server has it; the mocks reach no other server, so theirs stays pending); false when
     * the member is public and here, or already followed.
     */
    requestFollow(viewer: UserRecord, target: UserRecord) {
      const asks = target.is_private || (target.host ?? null) !== null;
      if (!asks || ctx.shapes.isFollowing(viewer.id, target.id)) return false;
      if (!pending(viewer.id, target.id)) {
        ctx.data.followRequests.push({
          requester_id: viewer.id,
          target_id: target.id,
          created_at: ctx.now(),
        });
        // A remote member's notifications are their server's to make.
        if ((target.host ?? null) === null) {
          ctx.notify(target.id, viewer.id, 'follow_request', null);
        }
      }
      return true;
    },
    withdrawRequest(requesterId: Id, targetId: Id) {
      ctx.data.followRequests = ctx.data.followRequests.filter(
        (r) => !(r.requester_id === requesterId && r.target_id === targetId),
      );
      ctx.withdraw(requesterId, 'follow_request', { userId: targetId });
    },
    /** Turning privacy off accepts every pending request. */
    setPrivate(viewer: UserRecord, isPrivate: boolean) {
      viewer.is_private = isPrivate;
      if (!isPrivate) accept(viewer);
    },
  };
}

/** GET /api/users/me/follow-requests and its accept and reject. */
export function createPrivacyOperations(ctx: StoreContext) {
  const rules = createFollowRequestRules(ctx);
  const followersCount = (member: UserRecord) =>
    ctx.shapes.profile(member, member.id).followers_count;
  const hasRequest = (viewer: UserRecord, requesterId: Id) => {
    if (
      !ctx.data.followRequests.some(
        (r) => r.target_id === viewer.id && r.requester_id === requesterId,
      )
    ) {
      throw fail('followRequestNotFound');
    }
  };

  return {
    /** Who asked to follow the member, oldest first (none blocked either way, none suspended). */
    followRequests(viewer: UserRecord) {
      const visible = visibilityFor(ctx.data, viewer.id);
      return ctx.data.followRequests
        .filter((r) => r.target_id === viewer.id && !visible.hides(r.requester_id))
        .map((r) => ctx.shapes.userById(r.requester_id))
        .filter((user): user is UserRecord => user !== undefined)
        .map((user) => ctx.shapes.summary(user));
    },
    acceptFollowRequest(viewer: UserRecord, requesterId: Id) {
      hasRequest(viewer, requesterId);
      rules.accept(viewer, [requesterId]);
      return { followers_count: followersCount(viewer) };
    },
    rejectFollowRequest(viewer: UserRecord, requesterId: Id) {
      hasRequest(viewer, requesterId);
      ctx.data.followRequests = ctx.data.followRequests.filter(
        (r) => !(r.target_id === viewer.id && r.requester_id === requesterId),
      );
      ctx.withdraw(requesterId, 'follow_request', { userId: viewer.id });
      return { followers_count: followersCount(viewer) };
    },
  };
}
