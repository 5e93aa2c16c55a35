// How a member is addressed across servers (Federation 1.2): a member of this server by their
// username, a member of another server by `username@host`, as the fediverse writes handles. One
// rule for the server and the mocks, so an `acct` the mocks show is one the server would answer.

/** The web app's profile route, under the server's public URL (`/user/{username}`). */
export const PROFILE_PAGE_PATH = '/user/';

/** What a member's `acct` and `url` are made of (columns of the server's `users` table). */
export interface MemberAddressParts {
  username: string;
  /** Null for a member of this server; a remote member's server, lower case. */
  host: string | null;
  /** The profile page a remote member's server gave, if it gave one. */
  profile_url: string | null;
  /** A remote member's ActivityPub actor id: always known for one. */
  actor_uri: string | null;
}

/** `username` for a member of this server (no host), `username@host` for a remote member. */
export function memberAcct({
  username,
  host,
}: Pick<MemberAddressParts, 'username' | 'host'>): string {
  return host === null ? username : `${username}@${host}`;
}

/**
 * The page people open for a member, absolute: this server's profile page for its own members
 * (`publicUrl` is WHISP_PUBLIC_URL, without a trailing slash), {@link remoteMemberUrl} for a
 * remote one. A local username is `[A-Za-z0-9_]` only, so it needs no escaping in the path.
 */
export function memberUrl(publicUrl: string, member: MemberAddressParts): string {
  if (member.host === null) return `${publicUrl}${PROFILE_PAGE_PATH}${member.username}`;
  return remoteMemberUrl(member);
}

/**
 * A remote member's page: the profile page their server gave, else their actor (which Mastodon,
 * for one, also answers to a browser with the profile page).
 */
export function remoteMemberUrl(member: MemberAddressParts): string {
  // The database refuses a remote member without an actor; their server is the last resort.
  return member.profile_url ?? member.actor_uri ?? `https://${member.host}/`;
}

/**
 * An `acct` as typed (`alice`, `@alice`, `alice@example.com`) → the username and the host, lower
 * case (null for a member of this server). Undefined for text that is no handle, such as `a@b@c`.
 */
export function parseAcct(acct: string): { username: string; host: string | null } | undefined {
  const [username = '', host, ...rest] = acct.replace(/^@/, '').split('@');
  if (username === '' || host === '' || rest.length > 0) return undefined;
  return { username, host: host === undefined ? null : host.toLowerCase() };
}
