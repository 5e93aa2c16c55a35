import { MASTODON_SCOPES } from './mastodon/scopes.js';

// Connected apps (Mastodon client API 1.2), zod-free so that the web app's consent page and
// Settings read it without the schemas: the paths of the consent flow, how long its steps stay
// usable, the words that name each scope to a member, and the answers' messages. The schemas and
// how the flow runs: endpoints/connected-apps.ts.

/**
 * Mastodon's authorize address, where an app sends the member's browser: the web app's consent
 * page (GET), and where that page posts the member's decision (POST, a real form, answered with a
 * 303 to the app's redirect URI).
 */
export const OAUTH_AUTHORIZE_PATH = '/oauth/authorize';
/**
 * Where the browser lands when the app has no address to return to (the out-of-band redirect
 * URI): the web app's page that shows the code to copy into the app, from `?code=`, or says why
 * there is none, from `?error=`.
 */
export const OAUTH_NATIVE_PATH = '/oauth/authorize/native';
/** The redirect URI of an app that has no address of its own (RFC 6749's out-of-band). */
export const OAUTH_OUT_OF_BAND = 'urn:ietf:wg:oauth:2.0:oob';
/** The form field that carries the decision's ticket to POST OAUTH_AUTHORIZE_PATH. */
export const OAUTH_TICKET_FIELD = 'ticket';
/** How long a decision's ticket stays usable: the page posts it at once. */
export const OAUTH_TICKET_TTL_SECONDS = 2 * 60;
/** How long an authorization code stays usable (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const OAUTH_CODE_TTL_SECONDS = 10 * 60;

/** `?error=` values OAUTH_NATIVE_PATH can show. */
export const OAUTH_NATIVE_ERRORS = {
  /** The ticket was used already or is older than OAUTH_TICKET_TTL_SECONDS. */
  expired: 'expired',
  /** The member denied the app (an out-of-band app has nowhere else to hear it). */
  denied: 'access_denied',
} as const;

/** The messages of the consent flow and of Connected apps, one source for server and mocks. */
export const CONNECTED_APP_MESSAGES = {
  revoked: (name: string) => `${name} can no longer use your account`,
  expired:
    'This authorization has expired or was already used. Go back to the app and sign in again.',
  denied: 'You denied the app access to your account.',
  codeInstructions: (name: string) => `Copy this code and paste it into ${name}.`,
} as const;

/** What each top-level scope lets an app do, as the consent page and Settings word it. */
const TOP_LEVEL_WORDS: Record<string, string> = {
  read: 'Read your account: your timelines, whisps, profile, follows, notifications, bookmarks, likes, lists and messages',
  write:
    'Act as you: post, edit and delete whisps, like, rewhisp, bookmark, follow, block and mute, change your profile and settings, and send messages',
  follow: 'See and change who you follow, block and mute',
  push: 'Receive your notifications as push messages',
  profile: 'See your profile: your username, name and picture',
};

/** The words of each part a granular scope (`read:…`, `write:…`) names. */
const GRANULAR_WORDS: Record<string, string> = {
  accounts: 'your profile and settings',
  blocks: 'who you block',
  bookmarks: 'your bookmarks',
  conversations: 'your direct messages',
  favourites: 'your likes',
  filters: 'your muted words',
  follows: 'who you follow',
  lists: 'your lists',
  media: 'your uploaded images and videos',
  mutes: 'who you mute',
  notifications: 'your notifications',
  reports: 'your reports',
  search: 'search as you',
  statuses: 'your timelines and whisps',
};

/** One line of the consent page: a scope, and what it lets the app do. */
export interface ScopeDescription {
  scope: string;
  description: string;
}

/** What a granted scope lets an app do, in a member's words. */
export function describeScope(scope: string): string {
  const topLevel = TOP_LEVEL_WORDS[scope];
  if (topLevel) return topLevel;
  const [family, part = ''] = scope.split(':');
  const words = GRANULAR_WORDS[part] ?? part;
  if (family === 'read') return part === 'search' ? 'Search as you' : `Read ${words}`;
  if (family === 'write') return part === 'search' ? 'Search as you' : `Change ${words}`;
  return scope;
}

/**
 * The consent page's list for the scopes an app asks for, in the order apps name them, each once;
 * a granular scope a top-level one already grants (`read:statuses` beside `read`) is not repeated.
 */
export function describeScopes(scopes: readonly string[]): ScopeDescription[] {
  const known = scopes.filter((scope) => MASTODON_SCOPES.includes(scope));
  return [...new Set(known)]
    .filter((scope) => {
      const [family] = scope.split(':');
      return !(scope.includes(':') && family && known.includes(family));
    })
    .map((scope) => ({ scope, description: describeScope(scope) }));
}
