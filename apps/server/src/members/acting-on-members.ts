import type { Repositories } from '../db/repositories/index.js';

// Whisp's rules for acting on another member and reading their follow lists (Safety 1.1,
// Privacy and preferences 1.2), one copy for both APIs: Whisp's own routes (routes/users/) and
// the Mastodon client API's (routes/mastodon/relationships.ts) each answer a refusal in their
// own words.

export type MemberAction = 'follow' | 'unfollow' | 'block' | 'unblock' | 'mute' | 'unmute';

/**
 * Why not: `notFound` (unknown, or suspended), `yourself`, `blocked` (a follow across a block,
 * either way: the refusal reads the same from both sides), `protected` (a private member's
 * follow lists, to anyone they have not accepted).
 */
export type MemberRefusal = 'notFound' | 'yourself' | 'blocked' | 'protected';

type Member = NonNullable<Awaited<ReturnType<Repositories['users']['findById']>>>;

export type MemberOutcome = { member: Member } | { refused: MemberRefusal };

type Deciding = Pick<Repositories, 'users' | 'safety'>;

/**
 * The member the viewer may follow, unfollow, block, unblock, mute or unmute: anyone who exists
 * but themself, and a follow never crosses a block (undoing one, blocking and muting do).
 */
export async function memberToActOn(
  { users, safety }: Deciding,
  viewerId: string,
  memberId: string,
  action: MemberAction,
): Promise<MemberOutcome> {
  const member = await users.findById(memberId);
  if (!member) return { refused: 'notFound' };
  if (member.id === viewerId) return { refused: 'yourself' };
  const standing = await safety.standing(viewerId, [member.id]);
  if (standing.suspended) return { refused: 'notFound' };
  if (standing.blocked && action === 'follow') return { refused: 'blocked' };
  return { member };
}

/**
 * The member whose followers and following the viewer may read: blocked either way, they do not
 * exist for the viewer; a private member's lists are their accepted followers' alone.
 */
export async function memberWithFollowLists(
  { users, safety }: Deciding,
  viewerId: string,
  memberId: string,
): Promise<MemberOutcome> {
  const member = await users.findById(memberId);
  if (!member) return { refused: 'notFound' };
  const standing = await safety.standing(viewerId, [member.id]);
  if (standing.suspended || standing.blocked) return { refused: 'notFound' };
  if (standing.protected) return { refused: 'protected' };
  return { member };
}
