import { FOR_YOU } from '@whisp/api-client/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import { type HydratedPost, loadPostPage, numberedPage, type PostPage } from './posts.js';
import {
  authorShown,
  contentShown,
  hasFilters,
  hiddenMembers,
  NO_FILTERS,
  type ViewerFilters,
  visibleToViewer,
} from './visibility.js';

/** Feeds leave out hidden and muted members' whisps, and whisps holding muted words. */
const FEED_SCOPE = { mutes: true, words: true };
/** Profile tabs (visited on purpose) leave out only members blocked either way or suspended. */
const PROFILE_SCOPE = { mutes: false, words: false };

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
  posts: HydratedPost[];
  /** Where the next page starts; undefined when this page was the last. */
  next: Cursor | undefined;
}

/**
 * For you: whisps of others with FOR_YOU.wellLikedMinLikes likes join the feed while they are
 * recent. The partial index posts_well_liked_idx (0003_posts.sql) holds exactly these; change both
 * together.
 */
const WELL_LIKED_MIN_LIKES = FOR_YOU.wellLikedMinLikes;
const WELL_LIKED_WINDOW = `${FOR_YOU.wellLikedWindowDays} days`;
/**
 * How many of each kind of candidate For you ranks: together about 10 pages of 20, more than most
 * people scroll (Following goes back as far as anyone wants). Reading and ranking them is most of
 * the request's cost: at a million whisps the statement took 2.4–2.8 ms a call with 200 of each,
 * 1.5 ms with 100 (a member following 300, measured at the client).
 */
const FOR_YOU_CANDIDATES = FOR_YOU.candidates;
/**
 * Up to this many follows, Following and For you read the followed members' whisps from the
 * authors' side: each one's newest from posts_author_feed_idx, then the newest of those. Past it,
 * they walk the newest whisps of everyone keeping the followed ones, which is cheaper for a member
 * following many (at a million whisps, 1,200 index entries for a page when following 277) but
 * walks everything for a member following few or quiet members (850,000 entries for one following
 * nobody: every new member). At 50 the authors' side reads at most 50 short index ranges.
 */
export const AUTHOR_SIDE_MAX_FOLLOWS = 50;
// The score is the contract's forYouScore, computed in SQL.
const FOLLOWED_LIFT_HOURS = FOR_YOU.followedLiftHours;
const ENGAGEMENT_WEIGHT = FOR_YOU.engagementWeight;

// created_at as text keeps its microseconds, which a JavaScript Date would round away.
const cursorAt = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const newestFirstOrder = sql`created_at desc, id desc`;

type PostsExpression = ExpressionBuilder<DatabaseSchema, 'posts'>;

/** Whose feed is read, and how many members they follow (which picks how it is read). */
export interface FeedViewer {
  id: string;
  /**
   * Comes with the cached sign-in, kept fresh by follows and unfollows; a count changed behind
   * the server's back may be a minute old, which costs time, never a wrong feed: it only chooses
   * between two ways of reading the same whisps.
   */
  followingCount: number;
  /** Which visibility filters the viewer's feeds need (none: the plain plans). */
  filters?: ViewerFilters;
}

interface FollowedListing {
  /** More conditions on `p`, each starting with `and`. */
  where: RawBuilder<unknown>;
  /** How many rows to list (a literal: the plan depends on it). */
  rows: number;
  /** Rows to skip first (page-number paging); 0 when paging by cursor. */
  offset: number;
}

/** `p` is the viewer's own whisp or one of a member they follow. */
const byViewerOrFollowed = (viewerId: string) => sql`(p.author_id = ${viewerId}
  or p.author_id in (select followed_id from follows where follower_id = ${viewerId}))`;

/**
 * The viewer's own and followed members' top-level whisps and rewhisps as `(id, created_at)`,
 * newest first, in parentheses, read the way that suits how many they follow (see
 * AUTHOR_SIDE_MAX_FOLLOWS). Two statement texts, not one with both ways behind a switch: given
 * both, PostgreSQL judged the generic plan by the way not taken and planned every call anew.
 */
function newestFollowed(viewer: FeedViewer, listing: FollowedListing) {
  const { rows, offset } = listing;
  const filters = viewer.filters ?? NO_FILTERS;
  const where = sql`${listing.where} ${visibleToViewer(viewer.id, filters, 'p', FEED_SCOPE)}`;
  const newestFirst = sql`order by created_at desc, id desc limit ${limitLiteral(rows)}
    ${offset > 0 ? sql`offset ${offset}` : sql``}`;
  if (viewer.followingCount > AUTHOR_SIDE_MAX_FOLLOWS && hasFilters(filters)) {
    // Blocked, suspended and muted authors are left out inside the walk, which keeps to the
    // index (it holds the author); only the whisps kept are then read from the table, for a
    // rewhisp's original and for muted words, each by primary key (a lateral with a limit is
    // never turned into a join that reads the whole table).
    return sql<{ id: string; created_at: Date }>`(
      select walked.id, walked.created_at from (
        select p.id, p.created_at from posts p
        where not p.is_reply and ${byViewerOrFollowed(viewer.id)} ${listing.where}
          ${authorShown(viewer.id, filters, 'p', FEED_SCOPE)}
      ) walked
      cross join lateral (
        select 1 from posts shown
        where shown.id = walked.id ${contentShown(viewer.id, filters, 'shown', FEED_SCOPE)}
        limit 1
      ) kept
      order by walked.created_at desc, walked.id desc limit ${limitLiteral(rows)}
      ${offset > 0 ? sql`offset ${offset}` : sql``}
    )`;
  }
  if (viewer.followingCount > AUTHOR_SIDE_MAX_FOLLOWS) {
    return sql<{ id: string; created_at: Date }>`(
      select p.id, p.created_at from posts p
      where not p.is_reply and ${byViewerOrFollowed(viewer.id)} ${where}
      ${newestFirst}
    )`;
  }
  // Each author may hold every row of the page, the skipped ones too.
  const perAuthor = offset > 0 ? sql`${rows + offset}` : limitLiteral(rows);
  return sql<{ id: string; created_at: Date }>`(
    select id, created_at from (
        select followed_id as author_id from follows where follower_id = ${viewer.id}
        union all select ${viewer.id}::uuid
      ) authors
      cross join lateral (
        select p.id, p.created_at from posts p
        where p.author_id = authors.author_id and not p.is_reply ${where}
        order by p.created_at desc, p.id desc limit ${perAuthor}
      ) newest
    ${newestFirst}
  )`;
}

function nextCursor<Cursor>(
  page: PostPage,
  cursorOf: (last: { id: string; cursor: string }) => Cursor,
): FeedResult<Cursor> {
  return { posts: page.posts, next: page.last ? cursorOf(page.last) : undefined };
}

export function createFeedsRepository(db: Db) {
  /** A newest-first list's page (`listed`: ids and times, one extra row), hydrated, with its cursor. */
  async function newestFirstPage(viewerId: string, listed: Expression<unknown>, limit: number) {
    const loaded = await loadPostPage(
      db,
      viewerId,
      numberedPage(listed, newestFirstOrder, cursorAt),
      limit,
    );
    return nextCursor(loaded, (last): TimeCursor => ({ at: last.cursor, id: last.id }));
  }

  /** Newest first over top-level posts matching `filter`, by keyset when a cursor is given. */
  async function newestFirst(
    viewerId: string,
    filter: (eb: PostsExpression) => ReturnType<PostsExpression['and']>,
    page: FeedPage<TimeCursor>,
    filters: ViewerFilters,
  ) {
    const { after } = page;
    const visible = visibleToViewer(viewerId, filters, 'posts', FEED_SCOPE);
    const listed = db
      .selectFrom('posts')
      .select(['posts.id', 'posts.created_at'])
      .where('posts.is_reply', '=', FALSE)
      .where(filter)
      .$if(hasFilters(filters), (query) => query.where(sql<boolean>`true ${visible}`))
      .$if(after !== undefined, (query) =>
        query.where(
          sql`(posts.created_at, posts.id)`,
          '<',
          sql`(${after?.at}::timestamptz, ${after?.id}::uuid)`,
        ),
      )
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limitLiteral(page.limit + 1))
      .$if(after === undefined && page.offset > 0, (query) => query.offset(page.offset));
    return newestFirstPage(viewerId, listed, page.limit);
  }

  return {
    /** Own and followed members' whisps and rewhisps, newest first. */
    async following(viewer: FeedViewer, page: FeedPage<TimeCursor>) {
      const { after } = page;
      const listed = newestFollowed(viewer, {
        where: after
          ? sql`and (p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : sql``,
        rows: page.limit + 1,
        offset: after ? 0 : page.offset,
      });
      return newestFirstPage(viewer.id, listed, page.limit);
    },

    /** Everyone's whisps (no rewhisps, no replies), newest first, as `viewerId` sees them. */
    public: (viewerId: string, page: FeedPage<TimeCursor>, filters: ViewerFilters = NO_FILTERS) =>
      newestFirst(viewerId, (eb) => eb.and([eb('posts.rewhisp_of_id', 'is', null)]), page, filters),

    /**
     * For you: the newest own and followed whisps and rewhisps, and well-liked recent whisps of
     * others (each set bounded, each read newest first from an index), ranked by recency in
     * hours, lifted for people you follow and for engagement. The ranking is taken as of `asOf`:
     * whisps written later wait for a fresh first page, and a page after a cursor continues
     * strictly below the last one shown, so no whisp shows twice.
     */
    async timeline(viewer: FeedViewer, page: FeedPage<RankCursor>, now: Date) {
      const viewerId = viewer.id;
      const asOf = page.after?.asOf ?? now.toISOString();
      const after = page.after;
      // In parentheses: the page numbers it as a subquery.
      const ranked = sql`(
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
              -- The newest followed ids come from an index alone, as one array; only those
              -- rows are then read for their counts, by primary key.
              where p.id = any(array(select id from ${newestFollowed(viewer, {
                where: sql`and p.created_at <= ${asOf}::timestamptz`,
                rows: FOR_YOU_CANDIDATES,
                offset: 0,
              })} followed)))
            union all
            -- The window is the week before now(), and whisps after asOf leave only once the
            -- newest are taken: bounded by two parameters, the window looked like a sliver of
            -- the index to a generic plan, which then read and sorted all of it (13 ms at
            -- 100,000 whisps) instead of walking it newest first; now() it can estimate.
            (select * from (
              select p.id, p.created_at, p.like_count, p.rewhisp_count, p.reply_count,
                false as followed
              from posts p
              where p.like_count >= ${sql.lit(WELL_LIKED_MIN_LIKES)}
                and not p.is_reply and p.rewhisp_of_id is null
                and p.created_at > now() - ${sql.lit(WELL_LIKED_WINDOW)}::interval
                and not ${byViewerOrFollowed(viewerId)}
                ${visibleToViewer(viewerId, viewer.filters ?? NO_FILTERS, 'p', FEED_SCOPE)}
              order by p.created_at desc, p.id desc
              limit ${sql.lit(FOR_YOU_CANDIDATES)}
            ) liked where created_at <= ${asOf}::timestamptz)
          ) candidates
        ) ranked
        ${after ? sql`where (score, id) < (${after.score}::float8, ${after.id}::uuid)` : sql``}
        order by score desc, id desc
        limit ${limitLiteral(page.limit + 1)}
        ${after || page.offset === 0 ? sql`` : sql`offset ${page.offset}`}
      )`;
      // The score as text is exact to the last bit (by default PostgreSQL 12+ prints the shortest
      // decimal that reads back as the same float), so the next page starts exactly below it.
      const loaded = await loadPostPage(
        db,
        viewerId,
        numberedPage(ranked, sql`score desc, id desc`, sql`score::text`),
        page.limit,
      );
      return nextCursor(loaded, (last) => ({ score: Number(last.cursor), id: last.id, asOf }));
    },

    /** A page of a profile tab, newest first (likes and bookmarks: most recently made first). */
    profileTab(
      viewerId: string,
      userId: string,
      tab: 'posts' | 'media' | 'rewhisps' | 'likes' | 'bookmarks',
      limit: number,
      offset: number,
      filters: ViewerFilters = NO_FILTERS,
    ) {
      if (tab === 'likes' || tab === 'bookmarks') {
        const listed = db
          .selectFrom(tab)
          .select(['post_id as id', 'created_at'])
          .where('user_id', '=', userId)
          .$if(filters.hides, (query) =>
            query.where(
              sql<boolean>`not exists (select 1 from posts shown where shown.id = post_id
                and shown.author_id in ${hiddenMembers(viewerId)})`,
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('post_id', 'desc')
          .limit(limitLiteral(limit + 1))
          .$if(offset > 0, (query) => query.offset(offset));
        return loadPostPage(db, viewerId, numberedPage(listed, newestFirstOrder), limit);
      }
      const listed = db
        .selectFrom('posts')
        .select(['id', 'created_at'])
        .where('author_id', '=', userId)
        .$if(tab === 'posts', (query) =>
          query.where('is_reply', '=', FALSE).where('rewhisp_of_id', 'is', null),
        )
        .$if(tab === 'media', (query) =>
          query.where('rewhisp_of_id', 'is', null).where(sql`cardinality(media_keys)`, '>', 0),
        )
        .$if(tab === 'rewhisps', (query) => query.where('rewhisp_of_id', 'is not', null))
        .$if(filters.hides, (query) =>
          query.where(
            sql<boolean>`true ${visibleToViewer(viewerId, filters, 'posts', PROFILE_SCOPE)}`,
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limitLiteral(limit + 1))
        .$if(offset > 0, (query) => query.offset(offset));
      return loadPostPage(db, viewerId, numberedPage(listed, newestFirstOrder), limit);
    },

    /**
     * A member's bookmarks, most recent first, one extra to tell whether more remain; whisps of
     * members blocked either way, or suspended, are out of sight (and of the paging).
     */
    bookmarks(userId: string, limit: number, offset: number) {
      return db
        .selectFrom('bookmarks')
        .select(['id', 'post_id', 'created_at'])
        .where('user_id', '=', userId)
        .where(
          sql<boolean>`not exists (select 1 from posts shown where shown.id = bookmarks.post_id
            and shown.author_id in ${hiddenMembers(userId)})`,
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limitLiteral(limit + 1))
        .$if(offset > 0, (query) => query.offset(offset))
        .execute();
    },
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
