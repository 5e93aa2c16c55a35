import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

type Db = Kysely<DatabaseSchema>;

/** Where the previous page of a newest-first list ended (exact to the microsecond). */
export interface TimeCursor {
  at: string;
  id: string;
}

/** Where the previous page of For you ended, and the moment its ranking was taken. */
export interface RankCursor {
  score: number;
  id: string;
  asOf: string;
}

export interface FeedPage<Cursor> {
  limit: number;
  offset: number;
  after?: Cursor | undefined;
}

export interface FeedResult<Cursor> {
  ids: string[];
  /** Where the next page starts; undefined when this page was the last. */
  next: Cursor | undefined;
}

/**
 * For you: whisps of others with this many likes join the feed while they are recent. The
 * partial index posts_well_liked_idx (0003_posts.sql) holds exactly these; change both together.
 */
export const WELL_LIKED_MIN_LIKES = 3;
export const WELL_LIKED_WINDOW = '7 days';
/** How many of each kind of candidate For you ranks: about 25 pages of 20. */
export const FOR_YOU_CANDIDATES = 500;
/** A followed member's whisp ranks as if it were this many hours newer. */
const FOLLOWED_LIFT_HOURS = 6;
/** Hours of lift per e-fold of engagement (likes, rewhisps counted twice, replies). */
const ENGAGEMENT_WEIGHT = 4;

// created_at as text keeps its microseconds, which a JavaScript Date would round away.
const cursorAt = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type PostsExpression = ExpressionBuilder<DatabaseSchema, 'posts'>;

const byViewerOrFollowed = (viewerId: string) => (eb: PostsExpression) =>
  eb.or([
    eb('posts.author_id', '=', viewerId),
    eb(
      'posts.author_id',
      'in',
      eb.selectFrom('follows').select('followed_id').where('follower_id', '=', viewerId),
    ),
  ]);

function pageOf<Row extends { id: string }, Cursor>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => Cursor,
): FeedResult<Cursor> {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { ids: page.map((row) => row.id), next: more && last ? cursorOf(last) : undefined };
}

export function createFeedsRepository(db: Db) {
  /** Newest first over top-level posts matching `filter`, by keyset when a cursor is given. */
  async function newestFirst(
    filter: (eb: PostsExpression) => ReturnType<PostsExpression['and']>,
    page: FeedPage<TimeCursor>,
  ) {
    const { after } = page;
    const rows = await db
      .selectFrom('posts')
      .select(['posts.id', cursorAt.as('at')])
      .where('posts.is_reply', '=', false)
      .where(filter)
      .$if(after !== undefined, (query) =>
        query.where(
          sql`(posts.created_at, posts.id)`,
          '<',
          sql`(${after?.at}::timestamptz, ${after?.id}::uuid)`,
        ),
      )
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1)
      .$if(after === undefined, (query) => query.offset(page.offset))
      .execute();
    return pageOf(rows, page.limit, (row) => ({ at: row.at, id: row.id }));
  }

  return {
    /** Own and followed members' whisps and rewhisps, newest first. */
    following: (viewerId: string, page: FeedPage<TimeCursor>) =>
      newestFirst((eb) => eb.and([byViewerOrFollowed(viewerId)(eb)]), page),

    /** Everyone's whisps (no rewhisps, no replies), newest first. */
    public: (page: FeedPage<TimeCursor>) =>
      newestFirst((eb) => eb.and([eb('posts.rewhisp_of_id', 'is', null)]), page),

    /**
     * For you: the newest own and followed whisps and rewhisps, and well-liked recent whisps of
     * others (each set bounded, each read newest first from an index), ranked by recency in
     * hours, lifted for people you follow and for engagement. The ranking is taken as of `asOf`:
     * whisps written later wait for a fresh first page, and a page after a cursor continues
     * strictly below the last one shown, so no whisp shows twice.
     */
    async timeline(viewerId: string, page: FeedPage<RankCursor>, now: Date) {
      const asOf = page.after?.asOf ?? now.toISOString();
      const after = page.after;
      const followed = sql`(p.author_id = ${viewerId} or p.author_id in
        (select followed_id from follows where follower_id = ${viewerId}))`;
      const { rows } = await sql<{ id: string; score: number }>`
        select id, score from (
          select id,
            extract(epoch from created_at)::float8 / 3600
              + case when followed then ${sql.lit(FOLLOWED_LIFT_HOURS)} else 0 end
              + ${sql.lit(ENGAGEMENT_WEIGHT)}
                * ln((1 + like_count + 2 * rewhisp_count + reply_count)::float8) as score
          from (
            (select p.id, p.created_at, p.like_count, p.rewhisp_count, p.reply_count,
                true as followed
              from posts p
              -- The newest followed ids come from the index alone (it holds the author), as
              -- one array; only those rows are then read for their counts, by primary key.
              where p.id = any(array(
                select f.id from posts f
                where not f.is_reply and f.created_at <= ${asOf}::timestamptz
                  and (f.author_id = ${viewerId} or f.author_id in
                    (select followed_id from follows where follower_id = ${viewerId}))
                order by f.created_at desc, f.id desc
                limit ${sql.lit(FOR_YOU_CANDIDATES)})))
            union all
            (select p.id, p.created_at, p.like_count, p.rewhisp_count, p.reply_count,
                false as followed
              from posts p
              where p.like_count >= ${sql.lit(WELL_LIKED_MIN_LIKES)}
                and not p.is_reply and p.rewhisp_of_id is null
                and p.created_at <= ${asOf}::timestamptz
                and p.created_at > ${asOf}::timestamptz - ${sql.lit(WELL_LIKED_WINDOW)}::interval
                and not ${followed}
              order by p.created_at desc, p.id desc
              limit ${sql.lit(FOR_YOU_CANDIDATES)})
          ) candidates
        ) ranked
        ${after ? sql`where (score, id) < (${after.score}::float8, ${after.id}::uuid)` : sql``}
        order by score desc, id desc
        limit ${page.limit + 1}
        ${after ? sql`` : sql`offset ${page.offset}`}
      `.execute(db);
      return pageOf(
        rows.map((row) => ({ id: row.id, score: Number(row.score) })),
        page.limit,
        (row) => ({ score: row.score, id: row.id, asOf }),
      );
    },

    /** A profile tab's post ids, newest first, one extra to tell whether more remain. */
    async profileTab(
      userId: string,
      tab: 'posts' | 'media' | 'rewhisps' | 'likes' | 'bookmarks',
      limit: number,
      offset: number,
    ) {
      if (tab === 'likes' || tab === 'bookmarks') {
        const rows = await db
          .selectFrom(tab)
          .select('post_id as id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('post_id', 'desc')
          .limit(limit + 1)
          .offset(offset)
          .execute();
        return rows.map((row) => row.id);
      }
      const rows = await db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', userId)
        .$if(tab === 'posts', (query) =>
          query.where('is_reply', '=', false).where('rewhisp_of_id', 'is', null),
        )
        .$if(tab === 'media', (query) =>
          query.where('rewhisp_of_id', 'is', null).where(sql`cardinality(media_keys)`, '>', 0),
        )
        .$if(tab === 'rewhisps', (query) => query.where('rewhisp_of_id', 'is not', null))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A member's bookmarks, most recent first, one extra to tell whether more remain. */
    bookmarks(userId: string, limit: number, offset: number) {
      return db
        .selectFrom('bookmarks')
        .select(['id', 'post_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .offset(offset)
        .execute();
    },
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
