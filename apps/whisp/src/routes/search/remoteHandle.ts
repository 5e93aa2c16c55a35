import { parseAcct } from '@whisp/api-client/contract';

// A handle as people copy one from the fediverse: `@name@server` or `name@server`, a server's
// name with an optional port. Anything with spaces, or more than one @ after the first, is words
// to search for, as before.
const HANDLE = /^@?[\p{L}\p{N}_.-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/iu;

/**
 * The `acct` a search names (`alice@remote.example`), when what was typed is a handle with a
 * server: the app looks that member up (fetching them from their server) instead of searching
 * for the text. Undefined for anything else, a bare `@alice` included: search finds this
 * server's members by name.
 */
export function handleSearchedFor(q: string): string | undefined {
  if (!HANDLE.test(q)) return undefined;
  const parsed = parseAcct(q);
  if (!parsed?.host) return undefined;
  return `${parsed.username}@${parsed.host}`;
}
