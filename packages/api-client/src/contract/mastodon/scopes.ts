// OAuth scopes of the Mastodon client API (Mastodon 4.3, api/oauth-scopes.md): what an app asks
// for when it registers and when a member authorizes it, and what each endpoint needs. Zod-free:
// the server checks them, and the web app's consent page will name them to the member.

/** The granular scopes each top-level one grants. */
const GRANULAR = {
  read: [
    'accounts',
    'blocks',
    'bookmarks',
    'favourites',
    'filters',
    'follows',
    'lists',
    'mutes',
    'notifications',
    'search',
    'statuses',
  ],
  write: [
    'accounts',
    'blocks',
    'bookmarks',
    'conversations',
    'favourites',
    'filters',
    'follows',
    'lists',
    'media',
    'mutes',
    'notifications',
    'reports',
    'statuses',
  ],
} as const;

/** `follow` (deprecated by Mastodon 3.5, still sent by most apps) grants these. */
const FOLLOW_GRANTS = [
  'read:blocks',
  'read:follows',
  'read:mutes',
  'write:blocks',
  'write:follows',
  'write:mutes',
] as const;

/**
 * Every scope Whisp knows: the top-level ones, then the granular. `push` is known (apps ask for
 * it) though Whisp sends no Web Push yet; `profile` reads only the member's own account.
 */
export const MASTODON_SCOPES: readonly string[] = [
  'read',
  'write',
  'follow',
  'push',
  'profile',
  ...GRANULAR.read.map((scope) => `read:${scope}`),
  ...GRANULAR.write.map((scope) => `write:${scope}`),
];

/** What an app gets when it names no scope (Mastodon's default). */
export const DEFAULT_MASTODON_SCOPES = ['read'] as const;

/**
 * A `scope` or `scopes` parameter ("read write follow", words separated by spaces or `+` as some
 * apps send it) → its scopes in order without repeats, or the first unknown one.
 */
export function parseScopes(text: string | undefined): { scopes: string[] } | { unknown: string } {
  const words = (text ?? '').split(/[\s+]+/).filter((word) => word !== '');
  if (words.length === 0) return { scopes: [...DEFAULT_MASTODON_SCOPES] };
  for (const word of words) if (!MASTODON_SCOPES.includes(word)) return { unknown: word };
  return { scopes: [...new Set(words)] };
}

/** Whether holding `held` allows what `needed` (one scope) guards. */
export function scopeAllows(held: readonly string[], needed: string): boolean {
  if (held.includes(needed)) return true;
  const [family] = needed.split(':');
  if (needed.includes(':') && family && held.includes(family)) return true;
  if ((FOLLOW_GRANTS as readonly string[]).includes(needed) && held.includes('follow')) return true;
  // `profile` is the narrow way to read one's own account; `read:accounts` covers it too.
  return needed === 'profile' && scopeAllows(held, 'read:accounts');
}

/** Whether every scope asked for is within what the app registered (a member grants no more). */
export function scopesWithin(asked: readonly string[], registered: readonly string[]): boolean {
  return asked.every((scope) => scopeAllows(registered, scope));
}
