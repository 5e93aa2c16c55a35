import { TRENDS_SOURCE_POSTS } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { PLANNED_PER_CALL } from '../prepared-statements.js';
import type { DatabaseSchema } from '../schema.js';
import { loadPostPage, numberedPage, selectPostPage, toPostPage } from './posts.js';

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

/** LIKE treats % and _ as wildcards; a search for "a_b" means those three characters. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function createSearchRepository(db: Db) {
  return {
    /**
     * Whisps matching every word (prefixes too): the newest SEARCH_RANK_WINDOW matches, best
     * match first, then newest. Ranking every match cost seconds for a common word at a million
     * whisps; the newest matches come from an index walk that stops early.
     */
    async posts(viewerId: string, text: string, limit: number) {
      const query = toPrefixQuery(text);
      if (!query) return [];
      const tsquery = sql`to_tsquery('simple', ${query}) ${sql.raw(PLANNED_PER_CALL)}`;
      const bestFirst = sql`ts_rank(search_vector, ${tsquery}) desc, created_at desc, id desc`;
      const newest = db
        .selectFrom('posts')
        .select(['id', 'created_at', 'search_vector'])
        .where(sql<boolean>`search_vector @@ ${tsquery}`)
        .where('rewhisp_of_id', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SEARCH_RANK_WINDOW);
      const listed = db
        .selectFrom(newest.as('newest'))
        .select(['id', 'created_at', 'search_vector'])
        .orderBy(bestFirst)
        .limit(limit);
      return (await loadPostPage(db, viewerId, numberedPage(listed, bestFirst), limit)).posts;
    },

    /**
     * Members whose username starts with the text, or whose display name has words starting with
     * its words (users_display_name_search_idx), best known first.
     */
    users(viewerId: string, text: string, limit: number) {
      const needle = text.trim().replace(/^@/, '').toLowerCase();
      if (!needle) return Promise.resolve([]);
      const prefix = `${escapeLike(needle)}%`;
      const nameWords = toPrefixQuery(needle);
      return db
        .selectFrom('users')
        .select([
          'users.id',
          'users.username',
          'users.display_name',
          'users.avatar_key',
          'users.is_verified',
          'users.bio',
        ])
        .select(['users.posts_count', 'users.followers_count'])
        .select((eb) => [
          eb
            .exists(
              eb
                .selectFrom('follows')
                .select('follows.follower_id')
                .whereRef('follows.followed_id', '=', 'users.id')
                .where('follows.follower_id', '=', viewerId),
            )
            .as('is_following'),
        ])
        .where((eb) =>
          eb.or([
            eb(sql`lower(users.username)`, 'like', sql`${prefix} escape '\\'`),
            ...(nameWords
              ? [
                  eb(
                    sql`to_tsvector('simple', users.display_name)`,
                    '@@',
                    sql`to_tsquery('simple', ${nameWords}) ${sql.raw(PLANNED_PER_CALL)}`,
                  ),
                ]
              : []),
          ]),
        )
        .orderBy(sql`lower(users.username) = ${needle}`, 'desc')
        .orderBy(sql`lower(users.username) like ${prefix} escape '\\'`, 'desc')
        .orderBy('followers_count', 'desc')
        .orderBy('users.username')
        .limit(limit)
        .execute();
    },

    /** Whisps carrying the hashtag, newest first, and how many there are in all. */
    async hashtag(viewerId: string, tag: string, limit: number, offset: number) {
      const listed = db
        .selectFrom('posts')
        .select(['id', 'created_at'])
        .where(sql<boolean>`hashtags @> array[${tag}]::text[] ${sql.raw(PLANNED_PER_CALL)}`)
        .where('rewhisp_of_id', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset);
      // Counted by a trigger as whisps are written, rather than here over every tagged whisp.
      const postCount = db
        .selectFrom('hashtag_counts')
        .select('post_count')
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

    /** The most used hashtags among the newest top-level whisps (as the spec computes trends). */
    async trends(limit: number) {
      const { rows } = await sql<{ hashtag: string; post_count: number }>`
        select tag as hashtag, count(*)::int as post_count
        from (
          select hashtags from posts
          where not is_reply and rewhisp_of_id is null
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
