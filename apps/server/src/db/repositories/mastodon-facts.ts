import { type MemberAddressParts, memberAcct } from '@whisp/api-client/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AccountRow } from '../../mastodon/account.js';
import { mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { memberAddressColumns } from './member-address.js';
import { activeFollowCounts, shownFollowersCount, shownFollowingCount } from './visibility.js';

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

/** A time as toISOString writes it, which toMastodonAccount then takes as it is. */
const isoTimeOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
      isoTimeOf('users.created_at').as('created_at'),
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

/** All of it for one whisp, as a JSON column of the page's statement (`alias`: the post). */
export interface MastodonPostFacts extends PostMastodonIds {
  account: AccountRecord | null;
  mentioned: MentionedMember[];
}

/**
 * The member `alias` (a users row the statement joins: a post's author, a notification's actor)
 * as an account's row, built from that row: no lookup of its own. Its follow counts are the
 * stored ones while nobody may be suspended (known from the viewer's sign-in, as for the posts'
 * counts: activePostCounts); otherwise each is corrected as activeFollowCounts does.
 */
export const mastodonAccountOf = (alias: string, anyoneMayBeSuspended: boolean) => {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const [followers, following] = anyoneMayBeSuspended
    ? [shownFollowersCount(alias), shownFollowingCount(alias)]
    : [column('followers_count'), column('following_count')];
  return sql<AccountRecord>`json_build_object(
    'id', ${column('id')},
    'mastodon_id', ${column('mastodon_id')}::text,
    'username', ${column('username')},
    'display_name', ${column('display_name')},
    'bio', ${column('bio')},
    'avatar_key', ${column('avatar_key')},
    'banner_key', ${column('banner_key')},
    'is_private', ${column('is_private')},
    'created_at', ${isoTimeOf(`${alias}.created_at`)},
    'posts_count', ${column('posts_count')},
    'followers_count', ${followers},
    'following_count', ${following},
    'host', ${column('host')},
    'profile_url', ${column('profile_url')},
    'actor_uri', ${column('actor_uri')})`;
};

/**
 * The facts of the whisp `p` and its author `u` as one JSON value. The author comes from the
 * joined row; a whisp with nothing else to look up (no reply, media or mention: most of a page)
 * costs no lookup, as CASE runs each subquery only for the rows that need it, each a primary-key
 * or unique-index probe.
 */
function factsColumn(db: Db, anyoneMayBeSuspended: boolean) {
  return sql<MastodonPostFacts>`json_build_object(
    'mastodon_id', p.mastodon_id::text,
    'in_reply_to_id', case when p.reply_to_id is null then null else (
      select parent.mastodon_id::text from posts parent where parent.id = p.reply_to_id) end,
    'in_reply_to_account_id', case when p.reply_to_id is null then null else (
      select parent_author.mastodon_id::text
      from posts parent join users parent_author on parent_author.id = parent.author_id
      where parent.id = p.reply_to_id) end,
    'media_ids', ${mediaIdsOf('p')},
    'origin', ${originOf},
    'account', ${mastodonAccountOf('u', anyoneMayBeSuspended)},
    'mentioned', case when cardinality(p.mentions) = 0 then '[]'::json else (
      select coalesce(json_agg(mentioned), '[]'::json)
      from (${mentionedQuery(db, sql`p.mentions`)}) mentioned) end)`;
}

/**
 * The facts column as SQL text compiled once per database and flag: it holds no value, so one
 * compile serves every page, where a feed that is no statement template (the public timeline)
 * would otherwise build and compile its subqueries with Kysely on every request.
 */
const compiledFacts = new WeakMap<Db, Map<boolean, RawBuilder<MastodonPostFacts>>>();

export function mastodonFactsColumn(db: Db, anyoneMayBeSuspended = true) {
  let byFlag = compiledFacts.get(db);
  if (!byFlag) {
    byFlag = new Map();
    compiledFacts.set(db, byFlag);
  }
  let column = byFlag.get(anyoneMayBeSuspended);
  if (!column) {
    const { sql: text, parameters } = factsColumn(db, anyoneMayBeSuspended).compile(
      db.withoutPlugins(),
    );
    if (parameters.length > 0) throw new Error('The Mastodon facts column must hold no value');
    column = sql.raw<MastodonPostFacts>(text);
    byFlag.set(anyoneMayBeSuspended, column);
  }
  return column;
}
