import { describeError } from '@whisp/api-client/contract';
import type { MastodonRelationship } from '@whisp/api-client/contract/mastodon';
import type { MastodonRelationshipsRepository } from '../../db/repositories/mastodon-relationships.js';
import { ApiError } from '../../http/api-error.js';
import type { MemberAction, MemberRefusal } from '../../members/acting-on-members.js';
import { recordNotFound } from './plumbing.js';

// The Relationship entity (entities/Relationship.md) and the refusals of the routes that answer
// one, in the Mastodon client API's words.

type Standing = Awaited<ReturnType<MastodonRelationshipsRepository['standings']>>[number];

/**
 * Whether the member exists for the viewer: not suspended, and not someone who blocks them
 * unless they block them too (then the viewer's own block is theirs to see and undo). As Whisp's
 * own API, where such a member is not found (users.ts, findProfile; safety.ts, blockedMembers).
 */
export const existsForViewer = (standing: Standing) =>
  !standing.suspended && (!standing.blocked_by || standing.blocking);

/** How the viewer stands with a member, as Mastodon apps read it. */
export function toMastodonRelationship(standing: Standing): MastodonRelationship {
  return {
    id: standing.mastodon_id,
    following: standing.following,
    // As Mastodon: a follow (or a request for one) brings the member's rewhisps; Whisp's always do.
    showing_reblogs: standing.following || standing.requested,
    notifying: false,
    languages: null,
    followed_by: standing.followed_by,
    blocking: standing.blocking,
    // Whisp never tells a member who blocked them: the refusal reads the same from both sides.
    blocked_by: false,
    muting: standing.muting,
    // A Whisp mute hides the member's notifications too (visibility.ts, hiddenOrMutedMembers).
    muting_notifications: standing.muting,
    requested: standing.requested,
    requested_by: standing.requested_by,
    domain_blocking: false,
    endorsed: false,
    note: '',
  };
}

/** The relationship with one member, after an action on them. */
export async function relationshipWith(
  relationships: MastodonRelationshipsRepository,
  viewerId: string,
  memberId: string,
) {
  const [standing] = await relationships.standings(viewerId, { ids: [memberId] });
  if (!standing) throw recordNotFound();
  return toMastodonRelationship(standing);
}

/**
 * A refusal of Whisp's rules (members/acting-on-members.ts) as a Mastodon error: not found, or
 * 403 in Whisp's own words (Mastodon refuses what is not allowed with a 403 too).
 */
export function mastodonRefusal(refused: MemberRefusal, action: MemberAction) {
  if (refused === 'notFound') return recordNotFound();
  const description =
    refused === 'yourself'
      ? action === 'follow' || action === 'unfollow'
        ? describeError('cannotFollowYourself', action)
        : describeError('cannotBlockYourself', action)
      : refused === 'blocked'
        ? describeError('blocked')
        : describeError('privateAccount');
  return new ApiError(403, description.code, description.message);
}
