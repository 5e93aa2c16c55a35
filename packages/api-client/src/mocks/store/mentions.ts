import { parseMentionCandidates } from '../../contract/text.js';
import type { UserRecord } from './records.js';

/** The members a text mentions, spelled as they spell their usernames (others are left out). */
export function resolveMentions(users: readonly UserRecord[], content: string): string[] {
  const byName = new Map(users.map((user) => [user.username.toLowerCase(), user.username]));
  return parseMentionCandidates(content).flatMap((name) => byName.get(name.toLowerCase()) ?? []);
}
