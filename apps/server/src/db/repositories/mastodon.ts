import { type Expression, type Kysely, sql } from 'kysely';
import type { AccountRow } from '../../mastodon/account.js';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { cursorAt } from './followed-feeds.js';
import { activeFollowCounts } from './visibility.js';

// What the Mastodon client API (1.2) reads beside Whisp's own statements: the Mastodon ids of a
// page's rows and the accounts its statuses name, each batched per page (never a statement per
// item), and the way back from a Mastodon id to Whisp's row. Whisp's own statements stay as they
// are: the Mastodon layer pays for what only it needs.

type Db = Kysely<DatabaseSchema>;

/** A post's Mastodon id, those of what it replies to, and its attachments'. */
export interface PostMastodonIds {
  mastodon_id: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  /** The upload behind each of its media_keys, in order; null where its author has none. */
  media_ids: (string | null)[];
}

/** A member's row for an account, with Whisp's id. */
export type AccountRecord = AccountRow & { id: string };

const byMastodonId = (id: string) => sql<string>`${id}::bigint`;

/** Posts' Mastodon ids, those of what each replies to and of its attachments (postIds). */
const postIdsQuery = (db: Db) =>
  db
    .selectFrom('posts as p')
    .leftJoin('posts as parent', 'parent.id', 'p.reply_to_id')
    .leftJoin('users as parent_author', 'parent_author.id', 'parent.author_id')
    .select([
      'p.id',
      mastodonIdText('p'),
      sql<string | null>`parent.mastodon_id::text`.as('in_reply_to_id'),
      sql<string | null>`parent_author.mastodon_id::text`.as('in_reply_to_account_id'),
      // The same primary-key lookups as the whisp's media details (media-details.ts).
      sql<(string | null)[]>`case when cardinality(p.media_keys) = 0 then '[]'::json
        else (
          select json_agg(m.mastodon_id::text order by k.i)
          from unnest(p.media_keys) with ordinality as k(key, i)
          left join post_media m on m.user_id = p.author_id and m.key = k.key
        ) end`.as('media_ids'),
    ]);

/** Members' rows as accounts are made from them (accounts). */
const accountsQuery = (db: Db) =>
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
    ]);

/** Mentioned members' ids (mentioned). */
const mentionedQuery = (db: Db) =>
  db.selectFrom('users').select([mastodonIdText('users'), 'users.username']);

export function createMastodonRepository(db: Db) {
  return {
    /**
     * Everything a page of statuses reads beside Whisp's own statements, in one statement: the
     * posts' Mastodon ids ({@link postIds}), the members as accounts ({@link accounts}: the
     * authors, and any other member the page names, such as a notification's actor) and the
     * mentioned members ({@link mentioned}). One round trip instead of three: at 20k whisps a
     * statement cost the server about 0.15 ms of CPU, most of it the socket write that sends it,
     * whatever it reads. The lists travel as array parameters, so the text (and its named
     * statement and plan) is one whatever their lengths.
     */
    async statusPageFacts(ask: {
      postIds: readonly string[];
      memberIds: readonly string[];
      usernames: readonly string[];
    }) {
      const postIds = [...new Set(ask.postIds)];
      const memberIds = [...new Set(ask.memberIds)];
      const usernames = [...new Set(ask.usernames.map((name) => name.toLowerCase()))];
      const posts = postIdsQuery(db).where(sql<boolean>`p.id = any(${postIds}::uuid[])`);
      const accounts = accountsQuery(db).where(sql<boolean>`users.id = any(${memberIds}::uuid[])`);
      const mentioned = mentionedQuery(db).where(
        sql<boolean>`lower(users.username) = any(${usernames}::text[])`,
      );
      const asJson = (query: Expression<unknown>) =>
        sql`(select coalesce(json_agg(row), '[]'::json) from (${query}) row)`;
      const { rows } = await sql<{
        posts: (PostMastodonIds & { id: string })[];
        accounts: AccountRecord[];
        mentioned: { mastodon_id: string; username: string }[];
      }>`select ${asJson(posts)} as posts, ${asJson(accounts)} as accounts,
          ${asJson(mentioned)} as mentioned`.execute(db);
      // One row always: a select of three subqueries without FROM.
      const facts = rows[0] as (typeof rows)[number];
      return {
        ids: new Map(facts.posts.map(({ id, ...mastodonIds }) => [id, mastodonIds])),
        accounts: new Map(facts.accounts.map((row) => [row.id, row])),
        mentioned: new Map(facts.mentioned.map((row) => [row.username.toLowerCase(), row])),
      };
    },

    /** Mastodon ids of these posts (and of what each replies to), by Whisp id. */
    async postIds(ids: readonly string[]): Promise<Map<string, PostMastodonIds>> {
      if (ids.length === 0) return new Map();
      const rows = await postIdsQuery(db)
        .where(sql<boolean>`p.id = any(${[...new Set(ids)]}::uuid[])`)
        .execute();
      return new Map(rows.map(({ id, ...mastodonIds }) => [id, mastodonIds]));
    },

    /** Members as accounts (./mastodon/account.ts reads them), by Whisp id. */
    async accounts(ids: readonly string[]): Promise<Map<string, AccountRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await accountsQuery(db)
        .where(sql<boolean>`users.id = any(${[...new Set(ids)]}::uuid[])`)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Members by username (lower-cased), for a status's mentions. */
    async mentioned(usernames: readonly string[]) {
      if (usernames.length === 0)
        return new Map<string, { mastodon_id: string; username: string }>();
      const rows = await mentionedQuery(db)
        .where(
          sql<boolean>`lower(users.username) = any(${[...new Set(usernames.map((name) => name.toLowerCase()))]}::text[])`,
        )
        .execute();
      return new Map(rows.map((row) => [row.username.toLowerCase(), row]));
    },

    /** A post's Whisp id from its Mastodon id; undefined when there is none. */
    async postIdOf(mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('mastodon_id', '=', byMastodonId(mastodonId))
        .executeTakeFirst();
      return row?.id;
    },

    /** The member's rewhisp of a whisp (one at most), for answering a reblog with it. */
    async rewhispOf(memberId: string, originalId: string) {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', memberId)
        .where('rewhisp_of_id', '=', originalId)
        .executeTakeFirst();
      return row?.id;
    },

    /** The newest-first cursor of the post a Mastodon id names (Whisp's feeds page by it). */
    async postCursor(mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const row = await db
        .selectFrom('posts')
        .select(['id', cursorAt.as('at')])
        .where('mastodon_id', '=', byMastodonId(mastodonId))
        .executeTakeFirst();
      return row ? { at: row.at, id: row.id } : undefined;
    },
  };
}

export type MastodonRepository = ReturnType<typeof createMastodonRepository>;
