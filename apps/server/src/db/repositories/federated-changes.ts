/**
 * What local members did that other servers hear of (api.md, "Federation (1.2)"). Repositories
 * report each change once its transaction has committed; src/federation/outbox.ts turns it into
 * ActivityPub activities for the remote members concerned and queues their delivery. Changes made
 * by remote members (applied from an inbox) are reported too and ignored there, so nothing
 * received is ever sent back.
 */
export type FederatedChange =
  | { kind: 'whisp.created'; postId: string }
  | { kind: 'whisp.edited'; postId: string }
  /** Its row is gone: what the Delete names is passed along. */
  | { kind: 'whisp.deleted'; postId: string; authorId: string; rewhispOfId: string | null }
  | { kind: 'liked' | 'unliked'; memberId: string; postId: string }
  | { kind: 'followed' | 'unfollowed'; followerId: string; followedId: string }
  /** A member answered follow requests (or turned public, which accepts them all). */
  | { kind: 'requests.accepted' | 'requests.rejected'; targetId: string; requesterIds: string[] }
  | { kind: 'blocked' | 'unblocked'; blockerId: string; blockedId: string }
  | { kind: 'profile.updated'; memberId: string }
  /**
   * A vote in a poll: a local poll's Question goes out again with its counts; a local member's
   * vote in a remote poll goes to its author's server.
   */
  | { kind: 'poll.voted'; postId: string; voterId: string; choices: number[] }
  /** A member asked that their report of a remote member (or whisp) reach that member's server. */
  | {
      kind: 'report.forwarded';
      memberId: string;
      postId: string | null;
      reason: string;
      details: string | null;
    };

export interface FederatedChanges {
  /** Never throws and never waits for delivery: the change has committed whatever happens next. */
  report(change: FederatedChange): void;
}

/**
 * The repositories' end of federation, created before the federation that needs them (its
 * dispatchers read through the repositories); the federation plugin connects it. Until then, and
 * when federation is off, changes go nowhere.
 */
export class FederatedChangesRelay implements FederatedChanges {
  #target: FederatedChanges | undefined;

  connect(target: FederatedChanges | undefined) {
    this.#target = target;
  }

  report(change: FederatedChange) {
    this.#target?.report(change);
  }
}
