import { isApiError, type Profile, type SearchUser } from '@whisp/api-client';
import { parseAcct } from '@whisp/api-client/contract';
import type { MentionCandidate } from '@whisp/ui';

// From what follows `@` in the composer (`ann`, `ann@sou`, `ann@south.example`) to the members
// offered: the member search finds usernames and names, and a full handle of another server is
// looked up, which fetches a member this server has not met yet.

/**
 * The words given to the member search: the username alone. The search matches the start of a
 * username or a name's words; `ann@south.example` would match neither (and would be read as an
 * e-mail address), so the host narrows the answer here instead (`mentionCandidates`).
 */
export function mentionSearchText(query: string): string {
  return query.split('@')[0] ?? '';
}

// A server's name as far as a lookup is worth it: at least one dot, and a last label of two
// characters or more (`south.example`, not `south.e`), or a port after it (`127.0.0.1:8443`).
const FULL_REMOTE_HANDLE =
  /^[A-Za-z0-9_]+@(?:[A-Za-z0-9-]+\.)+(?:[A-Za-z0-9-]{2,}|[A-Za-z0-9-]+:\d{1,5})$/;

/** `ann@south.example` (host lower-cased) when the query is a whole remote handle; else undefined. */
export function remoteHandleToLookUp(query: string): string | undefined {
  if (!FULL_REMOTE_HANDLE.test(query)) return undefined;
  const parsed = parseAcct(query);
  return parsed?.host ? `${parsed.username}@${parsed.host}` : undefined;
}

/** The member a lookup found, as a suggestion. */
export function lookedUpCandidate(profile: Profile): MentionCandidate {
  const { id, acct, display_name, profile_picture_url } = profile;
  return { id, acct, display_name, avatar: profile_picture_url };
}

/**
 * The members to offer for `query`: the search's, narrowed to handles starting with the query
 * once it names a server, and the member a lookup found first (they are the one asked for).
 */
export function mentionCandidates(
  query: string,
  found: readonly SearchUser[],
  lookedUp?: MentionCandidate,
): MentionCandidate[] {
  const wanted = query.toLowerCase();
  const matching = wanted.includes('@')
    ? found.filter((member) => member.acct.toLowerCase().startsWith(wanted))
    : [...found];
  if (!lookedUp || matching.some((member) => member.id === lookedUp.id)) return matching;
  return [lookedUp, ...matching];
}

/**
 * Whether the list should say the search failed rather than offer members or say none match:
 * the member search could not be asked, or the lookup of a whole handle failed and nothing else
 * was found. A lookup's 404 is an answer (no such member there), not a failure.
 */
export function mentionSearchFailed({
  searchError,
  lookupError,
  offered,
}: {
  /** The member search's error, or null. */
  searchError: unknown;
  /** The handle lookup's error, or null (also when no lookup ran). */
  lookupError: unknown;
  /** How many members the list offers all the same. */
  offered: number;
}): boolean {
  if (searchError) return true;
  const lookupFailed =
    Boolean(lookupError) && !(isApiError(lookupError) && lookupError.status === 404);
  return lookupFailed && offered === 0;
}
