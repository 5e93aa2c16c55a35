import { type MemberAddressParts, memberAcct } from '@whisp/api-client/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AccountRow } from '../../mastodon/account.js';
import { mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { memberAddressColumns } from './member-address.js';
import { activeFollowCounts } from './visibility.js';

// What a Mastodon status needs beside Whisp's own columns of a whisp: its Mastodon ids, its
// author as an account and the members it mentions. Read per page by ./mastodon.ts, or in the
// statement that reads the page itself (./posts.ts, `mastodon`), so no second round trip.

type Db = Kysely<DatabaseSchema>;

/** A post's Mastodon id, those of what it replies to, and its attachments'. */
export interface PostMastodonIds {
  mastodon_id: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  /** The upload behind each of its media_keys, in order; null where its author has none. */
  media_ids: (string | null)[];
  /** Where a whisp of another server is from: null for one of this server. */
  origin: RemoteOrigin | null;
}

/** A remote whisp's ActivityPub id, its page there, and its HTML as sanitised on arrival. */
export interface RemoteOrigin {
  uri: string;
  url: string | null;
  html: string | null;
}

/** `p`'s origin (PostMastodonIds.origin): built only for a whisp of another server. */
const originOf = sql<RemoteOrigin | null>`case when p.uri is null then null
  else json_build_object('uri', p.uri, 'url', p.url, 'html', p.content_html) end`;

/** A member a whisp mentions, with where they are from. */
export type MentionedMember = { mastodon_id: string; username: string } & MemberAddressParts;

/** How a whisp's mentions name a member (`alice`, `bob@host`), lower-cased: the page's key. */
export const mentionKey = (member: Pick<MemberAddressParts, 'host'> & { username: string }) =>
  memberAcct(member).toLowerCase();

/** A member's row for an account, with Whisp's id. */
export type AccountRecord = AccountRow & { id: string };

/**
 * The Mastodon ids of the attachments of the whisp (or scheduled whisp) `alias`, in order (null
 * where its author has no upload behind a key): the same primary-key lookups as its media
 * details (media-details.ts).
 */
export const mediaIdsOf = (alias: string) => {
  const row = sql.table(alias);
  return sql<(string | null)[]>`case when cardinality(${row}.media_keys) = 0 then '[]'::json
    else (
      select json_agg(m.mastodon_id::text order by k.i)
      from unnest(${row}.media_keys) with ordinality as k(key, i)
      left join post_media m on m.user_id = ${row}.author_id and m.key = k.key
    ) end`;
};

/** Posts' Mastodon ids, those of what each replies to and of its attachments (postIds). */
export const postIdsQuery = (db: Db) =>
  db
    .selectFrom('posts as p')
    .leftJoin('posts as parent', 'parent.id', 'p.reply_to_id')
    .leftJoin('users as parent_author', 'parent_author.id', 'parent.author_id')
    .select([
      'p.id',
      mastodonIdText('p'),
      sql<string | null>`parent.mastodon_id::text`.as('in_reply_to_id'),
      sql<string | null>`parent_author.mastodon_id::text`.as('in_reply_to_account_id'),
      mediaIdsOf('p').as('media_ids'),
      originOf.as('origin'),
    ]);

/** Members' rows as accounts are made from them (accounts). */
export const accountsQuery = (db: Db) =>
  db
    .selectFrom('users')
    .select([
      'users.id',
      mastodonIdText('users'),
      'users.username',
      'users.display_name',
      'users.bio',
      'users.avatar_key',
      'users.banner_key',
      'users.is_private',
      'users.created_at',
      'users.posts_count',
      ...activeFollowCounts(),
      ...memberAddressColumns('users'),
    ]);

const mentionedColumns = (db: Db) =>
  db
    .selectFrom('users')
    .select([mastodonIdText('users'), 'users.username', ...memberAddressColumns('users')]);

/**
 * The members `names` (an SQL text[] of mentions as whisps keep them: `alice` for a member here,
 * `bob@host` for one of another server) name, each part on its own unique index (0036): a bare
 * name is never its remote namesake.
 */
export const mentionedQuery = (db: Db, names: RawBuilder<unknown>) =>
  mentionedColumns(db)
    .where('users.host', 'is', null)
    .where(
      sql<boolean>`lower(users.username) = any(array(select lower(name) from unnest(${names}) name
        where strpos(name, '@') = 0))`,
    )
    .unionAll(
      mentionedColumns(db).where(
        sql<boolean>`(users.host, lower(users.username)) in (select lower(split_part(name, '@', 2)),
          lower(split_part(name, '@', 1)) from unnest(${names}) name where strpos(name, '@') > 0)`,
      ),
    );

/** The member whose id is in `column` as an account's row (JSON), or null. */
export const mastodonAccountColumn = (db: Db, column: string) =>
  sql<AccountRecord | null>`(select row_to_json(account) from (${accountsQuery(db).whereRef(
    'users.id',
    '=',
    sql.ref(column),
  )}) account)`;

/** All of it for one whisp, as a JSON column of the page's statement (`alias`: the post). */
export interface MastodonPostFacts extends PostMastodonIds {
  account: AccountRecord | null;
  mentioned: MentionedMember[];
}

/**
 * The facts of the whisp `p` (and its author `u`) as one JSON value: each part a primary-key or
 * unique-index lookup, the same statements as ./mastodon.ts runs for a page, correlated here.
 */
export const mastodonFactsColumn = (db: Db) =>
  sql<MastodonPostFacts>`json_build_object(
    'mastodon_id', p.mastodon_id::text,
    'in_reply_to_id', (select parent.mastodon_id::text from posts parent
      where parent.id = p.reply_to_id),
    'in_reply_to_account_id', (select parent_author.mastodon_id::text
      from posts parent join users parent_author on parent_author.id = parent.author_id
      where parent.id = p.reply_to_id),
    'media_ids', ${mediaIdsOf('p')},
    'origin', ${originOf},
    'account', ${mastodonAccountColumn(db, 'p.author_id')},
    'mentioned', case when cardinality(p.mentions) = 0 then '[]'::json else (
      select coalesce(json_agg(mentioned), '[]'::json)
      from (${mentionedQuery(db, sql`p.mentions`)}) mentioned) end)`;
