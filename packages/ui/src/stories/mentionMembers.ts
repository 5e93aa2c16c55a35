// Story data only: members to mention, of this server and of others, and the search the app runs
// for them, reduced to what a story needs (the app asks GET /api/search and /api/users/lookup).
import type { MentionCandidate } from '../components/MentionSuggestions/MentionSuggestions.js';
import { avatarImage, longHandleMember, remoteMember } from './fixtures.js';

export const anna: MentionCandidate = {
  id: 'u-anna',
  acct: 'anna',
  display_name: 'Anna Berg',
  avatar: avatarImage('#7c5cff', '#ffb86b'),
};
export const andre: MentionCandidate = {
  id: 'u-andre',
  acct: 'andre_m',
  display_name: 'André Martin',
  avatar: null,
};
/** A member of another server whose username starts like the local ones. */
export const southAnn: MentionCandidate = {
  id: 'u-ann-south',
  acct: 'ann@south.example',
  display_name: 'Ann of the South',
  avatar: avatarImage('#1aa37a', '#2ec5ff'),
};

export const mentionMembers: readonly MentionCandidate[] = [
  anna,
  andre,
  southAnn,
  remoteMember,
  longHandleMember,
];

/**
 * Members whose handle starts with the query, or whose name has a word that does, as the server's
 * member search finds them (case aside).
 */
export function findMentionMembers(query: string): MentionCandidate[] {
  const needle = query.toLowerCase();
  return mentionMembers.filter(
    (member) =>
      member.acct.toLowerCase().startsWith(needle) ||
      member.display_name
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(needle)),
  );
}
