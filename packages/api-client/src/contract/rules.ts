import { PRIVATE_PROFILE_TABS, type ProfileTab, type ReplyAudience, type Role } from './choices.js';
import { describeError, type ErrorDescription } from './errors.js';

/** Who wrote a whisp and what they allow: enough to decide who may reply or rewhisp. */
export interface WhispAccess {
  author_id: string;
  author_username: string;
  can_reply: ReplyAudience;
  can_repost: boolean;
  /** A private member's whisps stay with their followers (Privacy and preferences 1.2). */
  author_is_private?: boolean;
}

/** Why this member may not reply, or undefined when they may. The author always may. */
export function replyRefusal(
  access: Omit<WhispAccess, 'can_repost'>,
  viewerId: string,
  viewerFollowsAuthor: boolean,
): ErrorDescription | undefined {
  if (access.author_id === viewerId || access.can_reply === 'everyone') return undefined;
  if (access.can_reply === 'none') return describeError('repliesOff', access.author_username);
  return viewerFollowsAuthor ? undefined : describeError('followersOnly', access.author_username);
}

/**
 * Why this member may not rewhisp, or undefined when they may. The author always may, unless
 * they are private: nobody rewhisps a private member's whisp, as a rewhisp would show it to the
 * rewhisper's followers.
 */
export function rewhispRefusal(
  access: Omit<WhispAccess, 'can_reply'>,
  viewerId: string,
): ErrorDescription | undefined {
  if (access.author_is_private) return describeError('privateRewhisp');
  if (access.can_repost || access.author_id === viewerId) return undefined;
  return describeError('rewhispsOff', access.author_username);
}

/** Likes and bookmarks are their owner's alone; every other tab is anyone's. */
export function profileTabRefusal(
  tab: ProfileTab,
  ownerId: string,
  viewerId: string,
): ErrorDescription | undefined {
  if (ownerId === viewerId || !PRIVATE_PROFILE_TABS.includes(tab)) return undefined;
  return describeError('privateTab');
}

/**
 * What the For you feed takes in and how it ranks it. The server's SQL reads these numbers and the
 * mocks rank with `forYouScore`, so a story's feed orders whisps as the server would.
 */
export const FOR_YOU = {
  /** Whisps of strangers with at least this many likes join the feed while they are recent. */
  wellLikedMinLikes: 3,
  /** "Recent" for those: written within this many days. */
  wellLikedWindowDays: 7,
  /** How many of each kind of candidate (followed, well-liked) are ranked: about 10 pages. */
  candidates: 100,
  /** A followed member's whisp ranks as if it were this many hours newer. */
  followedLiftHours: 6,
  /** Hours of lift per e-fold of engagement (likes, rewhisps counted twice, replies). */
  engagementWeight: 4,
} as const;

export interface RankedWhisp {
  created_at: string;
  like_count: number;
  rewhisp_count: number;
  reply_count: number;
}

/** A whisp's For you score: its age in hours, lifted for follows and engagement. Higher first. */
export function forYouScore(whisp: RankedWhisp, followed: boolean): number {
  const hours = Date.parse(whisp.created_at) / 3_600_000;
  const engagement = 1 + whisp.like_count + 2 * whisp.rewhisp_count + whisp.reply_count;
  return (
    hours +
    (followed ? FOR_YOU.followedLiftHours : 0) +
    FOR_YOU.engagementWeight * Math.log(engagement)
  );
}

/** Trends count the hashtags of this many of the newest whisps (no replies, no rewhisps). */
export const TRENDS_SOURCE_POSTS = 200;

/** Someone in a moderation decision: their id and role. */
export interface ModerationParty {
  id: string;
  role: Role;
}

/** Moderators and admins work the report queue and the moderation log. */
export function isStaff(role: Role): boolean {
  return role === 'moderator' || role === 'admin';
}

/**
 * Why this member may not take a moderation action (resolve a report, lift a suspension) on that
 * one, or undefined when they may. Members never may; nobody acts on their own account (a report
 * about a moderator is for someone else to judge); only an admin acts on a moderator or an admin,
 * so moderators cannot suspend each other or an admin.
 */
export function moderationRefusal(
  actor: ModerationParty,
  target: ModerationParty,
): ErrorDescription | undefined {
  if (!isStaff(actor.role)) return describeError('forbidden');
  if (actor.id === target.id) return describeError('cannotModerateYourself');
  if (isStaff(target.role) && actor.role !== 'admin') return describeError('staffNeedsAdmin');
  return undefined;
}

/**
 * Why this member may not set that one's role, or undefined when they may. Only admins set roles;
 * nobody changes their own (so the last admin cannot leave the network without one); an admin
 * named in WHISP_ADMIN_EMAILS is one by the server's configuration, which only its operator changes.
 */
export function roleChangeRefusal(
  actor: ModerationParty,
  target: ModerationParty & { adminByConfiguration: boolean },
): ErrorDescription | undefined {
  if (actor.role !== 'admin') return describeError('adminOnly');
  if (actor.id === target.id) return describeError('cannotChangeOwnRole');
  if (target.adminByConfiguration) return describeError('roleFromConfiguration');
  return undefined;
}
