import { normaliseHashtag, TRENDS_SOURCE_POSTS } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { PLANNED_PER_CALL } from '../prepared-statements.js';
import type { DatabaseSchema } from '../schema.js';
import { statementTemplate } from '../statement-templates.js';
import type { TimeCursor } from './feeds.js';
import { cursorAt, newestFirstOrder } from './followed-feeds.js';
import { memberAddressColumns } from './member-address.js';
import { hydratePosts, loadPostPage, numberedPage, selectPostPage, toPostPage } from './posts.js';
import {
  activeFollowersCount,
  hasFilters,
  hiddenMembers,
  NO_FILTERS,
  type ViewerFilters,
  visibleToViewer,
} from './visibility.js';

/**
 * Search leaves out hidden and muted members' whisps; muted words do not apply (api.md names
 * feeds and hashtag pages for them): a search is asked on purpose, and searching a muted word
 * should find it rather than an unexplained empty page.
 */
const SEARCH_SCOPE = { mutes: true, words: false, originalsOnly: true };
/** Hashtag pages are read like the feeds. */
const HASHTAG_SCOPE = { mutes: true, words: true, originalsOnly: true };

type Db = Kysely<DatabaseSchema>;

// Enough words for any real query; more would only make the tsquery slower.
const MAX_QUERY_WORDS = 8;
/**
 * How many of the newest matching whisps search ranks by relevance, five times the default page
 * of results. Walking the newest whisps to collect them is most of a search's cost: at a million
 * whisps, 200 matches of a word in a tenth of them meant ~1,900 rows read, 2.1 ms.
 */
export const SEARCH_RANK_WINDOW = 100;

/**
 * Free text → a tsquery where every word must match and the last may be unfinished ("cof" finds
 * "coffee"). Only letters and digits survive, each quoted, so nothing a person types can be read
 * as tsquery syntax; the result still reaches SQL only as a parameter.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return undefined;
  return words.map((word) => `'${word}':*`).join(' & ');
}

/**
 * The least text above every text starting with `prefix`, in code point order (text_pattern_ops
 * compares UTF-8 bytes, which keeps that order): its last code point one higher. Undefined when
 * no such text exists (only U+10FFFF left).
 */
export function prefixEnd(prefix: string): string | undefined {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()?.codePointAt(0) ?? 0;
    // One past the last BMP code point before the surrogates is the first one after them.
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return undefined;
}

/**
 * `db` runs the statements planned for their values (a rare word and a common one need different
 * plans); `generic`, the named statements that keep one plan whatever the values.
 */
export function createSearchRepository(db: Db, generic: Db = db) {
  // The statements of a search, compiled once per shape (../statement-templates.ts).
  const matchingPosts = statementTemplate(
    db,
    ['query', 'viewer', 'limit'],
    (db, { filters }: { filters: ViewerFilters }, value) => {
      const tsquery = sql`to_tsquery('simple', ${value.query}) ${sql.raw(PLANNED_PER_CALL)}`;
      const bestFirst = sql`ts_rank(search_vector, ${tsquery}) desc, created_at desc, id desc`;
      const newest = db
        .selectFrom('posts')
        .select(['id', 'created_at', 'search_vector'])
        .where(sql<boolean>`search_vector @@ ${tsquery}`)
        .where('rewhisp_of_id', 'is', null)
        .$if(hasFilters(filters), (query) =>
          query.where(
            sql<boolean>`true ${visibleToViewer(value.viewer, filters, 'posts', SEARCH_SCOPE)}`,
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SEARCH_RANK_WINDOW);
      return db
        .selectFrom(newest.as('newest'))
        .select('id')
        .orderBy(bestFirst)
        .limit(sql<number>`${value.limit}`);
    },
  );

  const matchingMembers = statementTemplate(
    generic,
    ['needle', 'end', 'nameWords', 'viewer', 'limit'],
    (db, { byName, bounded }: { byName: boolean; bounded: boolean }, value) => {
      // A range of the prefix index (users_username_prefix_idx) with its bounds as parameters,
      // which a generic plan still reads by the index (a LIKE pattern must be seen to be), so
      // this is a named statement planned once; starts_with keeps the match exact either way.
      const username = sql`lower(users.username)`;
      const startsWithNeedle = sql<boolean>`(${username} ~>=~ ${value.needle}
        ${bounded ? sql`and ${username} ~<~ ${value.end}` : sql``}
        and starts_with(${username}, ${value.needle}))`;
      return db
        .selectFrom('users')
        .select([
          'users.id',
          'users.username',
          'users.display_name',
          'users.avatar_key',
          'users.is_verified',
          'users.bio',
          ...memberAddressColumns('users'),
        ])
        .select('users.posts_count')
        .select(activeFollowersCount())
        .select((eb) => [
          eb
            .exists(
              eb
                .selectFrom('follows')
                .select('follows.follower_id')
                .whereRef('follows.followed_id', '=', 'users.id')
                .where('follows.follower_id', '=', value.viewer),
            )
            .as('is_following'),
        ])
        .where((eb) =>
          eb.or([
            startsWithNeedle,
            ...(byName
              ? [
                  eb(
                    sql`to_tsvector('simple', users.display_name)`,
                    '@@',
                    sql`to_tsquery('simple', ${value.nameWords})`,
                  ),
                ]
              : []),
          ]),
        )
        .where(sql<boolean>`users.id not in ${hiddenMembers(value.viewer)}`)
        .orderBy(sql`${username} = ${value.needle}`, 'desc')
        .orderBy(sql`starts_with(${username}, ${value.needle})`, 'desc')
        .orderBy('followers_count', 'desc')
        .orderBy('users.username')
        .limit(sql<number>`${value.limit}`);
    },
  );

  /** Whisps carrying the hashtag as the viewer's feeds show them, newest first. */
  const hashtagListing = (viewerId: string, tag: string, filters: ViewerFilters) =>
    db
      .selectFrom('posts')
      .select(['id', 'created_at'])
      .where(sql<boolean>`hashtags @> array[${tag}]::text[] ${sql.raw(PLANNED_PER_CALL)}`)
      .where('rewhisp_of_id', 'is', null)
      .$if(hasFilters(filters), (query) =>
        query.where(
          sql<boolean>`true ${visibleToViewer(viewerId, filters, 'posts', HASHTAG_SCOPE)}`,
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');

  return {
    /**
     * Whisps matching every word (prefixes too): the newest SEARCH_RANK_WINDOW matches, best
     * match first, then newest. Ranking every match cost seconds for a common word at a million
     * whisps; the newest matches come from an index walk that stops early.
     *
     * Two statements: the page's ids, planned for the words, then the page hydrated by the same
     * named statement as any list of ids. As one statement, planning the hydration with the
     * listing on every call took about twice as long as running both (at a million whisps).
     */
    async posts(viewerId: string, text: string, limit: number, filters = NO_FILTERS) {
      const query = toPrefixQuery(text);
      if (!query) return [];
      const listed = await matchingPosts({ filters }, { query, viewer: viewerId, limit });
      return hydratePosts(
        generic,
        viewerId,
        listed.map((row) => row.id),
      );
    },

    /**
     * Members whose username starts with the text, or whose display name has words starting with
     * its words (users_display_name_search_idx), best known first.
     */
    users(viewerId: string, text: string, limit: number) {
      const needle = text.trim().replace(/^@/, '').toLowerCase();
      if (!needle) return Promise.resolve([]);
      const nameWords = toPrefixQuery(needle);
      const end = prefixEnd(needle);
      return matchingMembers(
        { byName: nameWords !== undefined, bounded: end !== undefined },
        { needle, end, nameWords, viewer: viewerId, limit },
      );
    },

    /**
     * Whisps carrying the hashtag as the viewer's feeds show them, newest first, and how many
     * public members' whisps carry it, but suspended members' (the stored count, which holds no
     * private member's, less the suspended members', read per suspended member from their own
     * whisps: they are few).
     */
    async hashtag(
      viewerId: string,
      tag: string,
      limit: number,
      offset: number,
      filters: ViewerFilters = NO_FILTERS,
    ) {
      const listed = hashtagListing(viewerId, tag, filters).limit(limit).offset(offset);
      // Counted by a trigger as whisps are written, rather than here over every tagged whisp,
      // and of public members only, for everyone (0020_author_private.sql): a count is no back
      // door to a protected whisp, and one viewer's share of private whisps would cost a read of
      // every private member's.
      const postCount = db
        .selectFrom('hashtag_counts')
        .select(
          sql<number>`post_count - coalesce((select sum((select count(*) from posts theirs
            where theirs.author_id = suspended.id and theirs.rewhisp_of_id is null
              and not theirs.author_private and theirs.hashtags @> array[${tag}]::text[]))
            from users suspended where suspended.suspended_at is not null), 0)::int`.as(
            'post_count',
          ),
        )
        .where('hashtag', '=', tag);
      const rows = await selectPostPage(
        db,
        viewerId,
        numberedPage(listed, sql`created_at desc, id desc`),
      )
        .select(postCount.as('post_count'))
        .execute();
      const { posts } = toPostPage(rows, limit);
      // A page past the end has no row to carry the count: only then is it a second query.
      const counted = rows[0] ?? (await postCount.executeTakeFirst());
      return { posts, postCount: counted?.post_count ?? 0 };
    },

    /**
     * The same whisps newest first by keyset, for lists paged by where the last page ended (the
     * Mastodon client API's tag timeline): `after` is the cursor of the previous page's last.
     */
    async hashtagPage(
      viewerId: string,
      tag: string,
      page: { limit: number; after?: TimeCursor | undefined; mediaOnly?: boolean },
      filters: ViewerFilters = NO_FILTERS,
    ) {
      const { after, limit } = page;
      const listed = hashtagListing(viewerId, tag, filters)
        .$if(page.mediaOnly === true, (query) => query.where(sql`cardinality(media_keys)`, '>', 0))
        .$if(after !== undefined, (query) =>
          query.where(
            sql`(created_at, id)`,
            '<',
            sql`(${after?.at}::timestamptz, ${after?.id}::uuid)`,
          ),
        )
        .limit(limit + 1);
      const loaded = await loadPostPage(
        db,
        viewerId,
        numberedPage(listed, newestFirstOrder, cursorAt),
        limit,
      );
      const next: TimeCursor | undefined = loaded.last
        ? { at: loaded.last.cursor, id: loaded.last.id }
        : undefined;
      return { posts: loaded.posts, next };
    },

    /**
     * Hashtags starting with the text (with or without `#`), those on the most whisps first, the
     * tag itself first when it is one: from the stored counts, so only tags on public members'
     * whisps, as the counts hold (a tag is no back door to a protected whisp). The counts have
     * no prefix index: this reads them all, one short row per distinct tag.
     */
    async hashtags(text: string, limit: number, offset = 0) {
      const needle = normaliseHashtag(text);
      if (!/^[\p{L}\p{N}_]+$/u.test(needle)) return [];
      const rows = await db
        .selectFrom('hashtag_counts')
        .select('hashtag')
        .where(sql<boolean>`starts_with(hashtag, ${needle})`)
        .where('post_count', '>', 0)
        .orderBy(sql`hashtag = ${needle}`, 'desc')
        .orderBy('post_count', 'desc')
        .orderBy('hashtag')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.hashtag);
    },

    /**
     * The most used hashtags among the newest top-level whisps (as the spec computes trends) the
     * viewer can see: none of members blocked either way, or suspended. Private members' whisps
     * are left out for everyone, their followers too, as from the hashtags' counts.
     */
    async trends(limit: number, viewerId?: string, filters: ViewerFilters = NO_FILTERS) {
      const hidden =
        viewerId && filters.hides ? sql`and author_id not in ${hiddenMembers(viewerId)}` : sql``;
      const { rows } = await sql<{ hashtag: string; post_count: number }>`
        select tag as hashtag, count(*)::int as post_count
        from (
          select hashtags from posts
          where not is_reply and rewhisp_of_id is null and not author_private ${hidden}
          order by created_at desc, id desc
          limit ${TRENDS_SOURCE_POSTS}
        ) recent
        cross join lateral unnest(recent.hashtags) as tag
        group by tag
        order by post_count desc, hashtag
        limit ${limit}
      `.execute(db);
      return rows.map((row) => ({ hashtag: row.hashtag, post_count: Number(row.post_count) }));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
