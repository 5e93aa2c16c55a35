import { type Expression, type Kysely, sql } from 'kysely';
import { isMastodonId } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { statementTemplate } from '../statement-templates.js';
import { cursorAt } from './followed-feeds.js';
import {
  type AccountRecord,
  accountsQuery,
  type MentionedMember,
  mentionedQuery,
  mentionKey,
  type PostMastodonIds,
  postIdsQuery,
} from './mastodon-facts.js';

// What the Mastodon client API (1.2) reads beside Whisp's own statements: the Mastodon ids of a
// page's rows and the accounts its statuses name, each batched per page (never a statement per
// item), and the way back from a Mastodon id to Whisp's row. Whisp's own statements stay as they
// are: the Mastodon layer pays for what only it needs.

type Db = Kysely<DatabaseSchema>;

const byMastodonId = (id: string) => sql<string>`${id}::bigint`;

type PageFacts = {
  posts: (PostMastodonIds & { id: string })[];
  accounts: AccountRecord[];
  mentioned: MentionedMember[];
};

/** A query's rows as one JSON array (an empty one when there are none). */
const asJsonArray = <Row>(query: Expression<unknown>) =>
  sql<Row[]>`(select coalesce(json_agg(row), '[]'::json) from (${query}) row)`;

export function createMastodonRepository(db: Db) {
  // Compiled once (../statement-templates.ts): building and compiling the three subqueries on
  // every page cost the server more than reading their rows.
  const pageFacts = statementTemplate(
    db,
    ['postIds', 'memberIds', 'usernames'],
    (db, _shape: Record<string, never>, value) =>
      db.selectNoFrom([
        asJsonArray<PageFacts['posts'][number]>(
          postIdsQuery(db).where(sql<boolean>`p.id = any(${value.postIds}::uuid[])`),
        ).as('posts'),
        asJsonArray<AccountRecord>(
          accountsQuery(db).where(sql<boolean>`users.id = any(${value.memberIds}::uuid[])`),
        ).as('accounts'),
        asJsonArray<PageFacts['mentioned'][number]>(
          mentionedQuery(db, sql`${value.usernames}::text[]`),
        ).as('mentioned'),
      ]),
  );

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
      const rows = await pageFacts(
        {},
        {
          postIds: [...new Set(ask.postIds)],
          memberIds: [...new Set(ask.memberIds)],
          usernames: [...new Set(ask.usernames.map((name) => name.toLowerCase()))],
        },
      );
      // One row always: a select of three subqueries without FROM.
      const facts = rows[0] as (typeof rows)[number];
      return {
        ids: new Map(facts.posts.map(({ id, ...mastodonIds }) => [id, mastodonIds])),
        accounts: new Map(facts.accounts.map((row) => [row.id, row])),
        mentioned: new Map(facts.mentioned.map((row) => [mentionKey(row), row])),
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

    /** Members by mention (`alice`, `bob@host`, lower-cased), for a status's mentions. */
    async mentioned(names: readonly string[]) {
      if (names.length === 0) return new Map<string, MentionedMember>();
      const unique = [...new Set(names.map((name) => name.toLowerCase()))];
      const rows = await mentionedQuery(db, sql`${unique}::text[]`).execute();
      return new Map(rows.map((row) => [mentionKey(row), row]));
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
