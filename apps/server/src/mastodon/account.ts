import type { MastodonAccount } from '@whisp/api-client/contract/mastodon';
import { toMastodonHtml } from './html.js';
import type { MastodonUrls } from './urls.js';

/** What an account is made from: a member's row with its Mastodon id and counts. */
export interface AccountRow {
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

const isoTime = (value: Date | string) => new Date(value).toISOString();

/** A member as Mastodon apps read an account (entities/Account.md). */
export function toMastodonAccount(row: AccountRow, urls: MastodonUrls): MastodonAccount {
  const avatar = urls.avatar(row.avatar_key);
  const header = urls.header(row.banner_key);
  const url = urls.profile(row.username);
  return {
    id: row.mastodon_id,
    username: row.username,
    // Every Whisp member is local (federation is issue 35's): acct is the bare username.
    acct: row.username,
    url,
    uri: url,
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
