import { type MemberAddressParts, memberAcct, remoteMemberUrl } from '@whisp/api-client/contract';
import type { MastodonAccount } from '@whisp/api-client/contract/mastodon';
import { toMastodonHtml } from './html.js';
import type { MastodonUrls } from './urls.js';

/**
 * What an account is made from: a member's row with its Mastodon id and counts, and where they
 * are from (memberAddressColumns).
 */
export interface AccountRow extends MemberAddressParts {
  mastodon_id: string;
  username: string;
  display_name: string;
  bio: string | null;
  avatar_key: string | null;
  banner_key: string | null;
  is_private: boolean;
  created_at: Date | string;
  posts_count: number | string;
  followers_count: number | string;
  following_count: number | string;
}

const NOBODY = new Set<string>();

/** A time as toISOString writes it: as the database wrote it there (isoTimeOf), else parsed. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoTime = (value: Date | string) =>
  typeof value === 'string' && ISO_TIME.test(value) ? value : new Date(value).toISOString();

/** A member as Mastodon apps read an account (entities/Account.md). */
export function toMastodonAccount(row: AccountRow, urls: MastodonUrls): MastodonAccount {
  const avatar = urls.avatar(row.avatar_key);
  const header = urls.header(row.banner_key);
  // A remote member's page is on their server, and their actor is their uri (the id Mastodon
  // apps know them by); a local member's page stands for both, as before federation.
  const url = row.host === null ? urls.profile(row.username) : remoteMemberUrl(row);
  return {
    id: row.mastodon_id,
    // The bare username, as Mastodon gives it; acct carries the host for a remote member.
    username: row.username,
    acct: memberAcct(row),
    url,
    uri: row.actor_uri ?? url,
    display_name: row.display_name,
    // A bio names no member by a link: which @names are members is not read for it.
    note: toMastodonHtml(row.bio ?? '', {
      profileUrl: urls.profile,
      hashtagUrl: urls.hashtag,
      members: NOBODY,
    }),
    avatar,
    avatar_static: avatar,
    header,
    header_static: header,
    locked: row.is_private,
    fields: [],
    emojis: [],
    bot: false,
    group: false,
    discoverable: true,
    noindex: false,
    indexable: false,
    // A private member shows who they follow and who follows them to their followers only.
    hide_collections: row.is_private,
    created_at: isoTime(row.created_at),
    last_status_at: null,
    statuses_count: Number(row.posts_count),
    followers_count: Number(row.followers_count),
    following_count: Number(row.following_count),
  };
}
