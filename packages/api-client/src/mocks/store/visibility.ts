import { matchesMutedWords } from '../../contract/muted-words.js';
import type { Id } from '../../models.js';
import type { MockData, PostRecord } from './records.js';

/**
 * What one member may see, as the server's visibility filters decide it (Safety and Moderation
 * 1.1): a block hides both members from each other, a suspended member is hidden from everyone
 * else, a mute hides the muted member's whisps from the muter's feeds, search, hashtag pages
 * and notifications, and muted words hide whisps from feeds, hashtag pages and notifications.
 * A private member's whisps are protected from everyone who does not follow them (Privacy and
 * preferences 1.2): out of every feed, search, thread and read, as if hidden.
 */
export function visibilityFor(data: MockData, viewerId: Id) {
  const blocked = new Set<Id>();
  for (const block of data.blocks) {
    if (block.blocker_id === viewerId) blocked.add(block.blocked_id);
    if (block.blocked_id === viewerId) blocked.add(block.blocker_id);
  }
  const muted = new Set(data.mutes.filter((m) => m.muter_id === viewerId).map((m) => m.muted_id));
  const words = data.mutedWords.filter((w) => w.user_id === viewerId).map((w) => w.word);
  const suspended = new Set(data.users.filter((u) => u.suspended_at).map((u) => u.id));
  const followed = new Set(
    data.follows.filter((f) => f.follower_id === viewerId).map((f) => f.followed_id),
  );
  const privateMembers = new Set(data.users.filter((u) => u.is_private).map((u) => u.id));
  /** A private member the viewer neither is nor follows: their whisps are not for the viewer. */
  const protects = (memberId: Id) =>
    memberId !== viewerId && privateMembers.has(memberId) && !followed.has(memberId);
  const postById = (id: Id | null) => (id ? data.posts.find((p) => p.id === id) : undefined);

  /** Hidden whatever the page: blocked either way, or suspended (never the viewer themself). */
  const hides = (memberId: Id) =>
    memberId !== viewerId && (blocked.has(memberId) || suspended.has(memberId));
  const hidesOrMutes = (memberId: Id) => hides(memberId) || muted.has(memberId);
  const unreadable = (memberId: Id) => hides(memberId) || protects(memberId);
  const authors = (post: PostRecord) => [
    post.author_id,
    ...(post.rewhisp_of_id ? [postById(post.rewhisp_of_id)?.author_id ?? post.author_id] : []),
  ];
  const holdsMutedWord = (post: PostRecord) => {
    if (words.length === 0) return false;
    const original = postById(post.rewhisp_of_id);
    return [post, ...(original ? [original] : [])].some((shown) =>
      matchesMutedWords(shown.content, shown.hashtags, words),
    );
  };

  return {
    hides,
    protects,
    blocks: (memberId: Id) => blocked.has(memberId),
    mutes: (memberId: Id) => muted.has(memberId),
    /** A whisp (with its original, for a rewhisp) by nobody hidden: profile tabs, threads, reads. */
    shows: (post: PostRecord) => !authors(post).some(unreadable),
    /** Search: nobody hidden or muted wrote it (muted words do not apply: searched on purpose). */
    showsInSearch: (post: PostRecord) =>
      !authors(post).some((id) => hidesOrMutes(id) || protects(id)),
    /** Feeds and hashtag pages: nobody hidden or muted wrote it, and it holds no muted word. */
    showsInFeed: (post: PostRecord) =>
      !authors(post).some((id) => hidesOrMutes(id) || protects(id)) && !holdsMutedWord(post),
    /** A notification from this actor about this whisp (or none) reaches the viewer. */
    showsNotification: (actorId: Id, postId: Id | null) => {
      if (hidesOrMutes(actorId)) return false;
      const post = postById(postId);
      // A reply or mention shows its whisp, written by the actor: not one protected from them.
      if (post && post.author_id === actorId && protects(actorId)) return false;
      return !post || !holdsMutedWord(post);
    },
  };
}

export type Visibility = ReturnType<typeof visibilityFor>;

/** Blocked in either direction: interactions between them answer 403 BLOCKED. */
export const blockedBetween = (data: MockData, a: Id, b: Id) =>
  data.blocks.some(
    (block) =>
      (block.blocker_id === a && block.blocked_id === b) ||
      (block.blocker_id === b && block.blocked_id === a),
  );

export const isSuspended = (data: MockData, id: Id) =>
  Boolean(data.users.find((u) => u.id === id)?.suspended_at);
