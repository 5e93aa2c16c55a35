import { FOR_YOU } from '@whisp/api-client/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { statementTemplate } from '../statement-templates.js';
import { limitLiteral } from './plan-literals.js';
import { numberedPage, selectPostPage } from './posts.js';
import {
  authorShown,
  contentShown,
  NO_FILTERS,
  type ViewerFilters,
  visibleToViewer,
} from './visibility.js';

// Following and For you: the two feeds read from whom the viewer follows, each page one statement.

/** Feeds leave out hidden and muted members' whisps, and whisps holding muted words. */
const FEED_SCOPE = { mutes: true, words: true };
/** The followed whisps of both feeds: their authors are the viewer and whom they follow. */
const FOLLOWED_SCOPE = { ...FEED_SCOPE, authorsFollowed: true };
/**
 * For you's well-liked whisps of others: never rewhisps, so no original to check (left in, the
 * check put a subquery more into every For you statement while anyone is private).
 */
const WELL_LIKED_SCOPE = { ...FEED_SCOPE, originalsOnly: true };

type Db = Kysely<DatabaseSchema>;

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
export const cursorAt = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
export const newestFirstOrder = sql`created_at desc, id desc`;

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

/**
 * How a member's followed whisps are read: the way that suits how many they follow (see
 * AUTHOR_SIDE_MAX_FOLLOWS) and the visibility filters they need. With the row counts, all that
 * the feeds' statement texts depend on.
 */
export interface FollowedReading {
  walksEveryone: boolean;
  filters: ViewerFilters;
}

export const followedReading = (viewer: FeedViewer): FollowedReading => ({
  walksEveryone: viewer.followingCount > AUTHOR_SIDE_MAX_FOLLOWS,
  filters: viewer.filters ?? NO_FILTERS,
});

interface FollowedListing {
  /** More conditions on `p`, each starting with `and`. */
  where: RawBuilder<unknown>;
  /** How many rows to list (a literal: the plan depends on it). */
  rows: number;
  /**
   * Page-number paging past the first page: how many rows to skip and `rows` plus those (as
   * values: each author may hold every row of the page, the skipped ones too).
   */
  skip?: { offset: unknown; rowsWithSkipped: unknown } | undefined;
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
function newestFollowed(viewerId: string, reading: FollowedReading, listing: FollowedListing) {
  const { rows, skip } = listing;
  const { filters } = reading;
  const where = sql`${listing.where} ${visibleToViewer(viewerId, filters, 'p', FOLLOWED_SCOPE)}`;
  const offset = skip ? sql`offset ${skip.offset}` : sql``;
  const newestFirst = sql`order by created_at desc, id desc limit ${limitLiteral(rows)} ${offset}`;
  if (reading.walksEveryone && filters.words) {
    // Muted words need each whisp's text. Blocked, suspended and muted authors are left out
    // inside the walk, which keeps to the index (it holds the author, whether they are private
    // and what a rewhisp rewhisps: 0020_author_private.sql); only the whisps kept are then read
    // from the table, for their words, each by primary key (a lateral with a limit is never
    // turned into a join that reads the whole table). Without muted words the walk below keeps
    // to the index for every check, reading a rewhisp's original by primary key only when it
    // must be asked more: while some authors are hidden or muted from the viewer, or when it is a
    // private member's (the index holds which: 0023_original_private.sql).
    return sql<{ id: string; created_at: Date }>`(
      select walked.id, walked.created_at from (
        select p.id, p.created_at from posts p
        where not p.is_reply and ${byViewerOrFollowed(viewerId)} ${listing.where}
          ${authorShown(viewerId, filters, 'p', FOLLOWED_SCOPE)}
      ) walked
      cross join lateral (
        select 1 from posts shown
        where shown.id = walked.id ${contentShown(viewerId, filters, 'shown', FOLLOWED_SCOPE)}
        limit 1
      ) kept
      order by walked.created_at desc, walked.id desc limit ${limitLiteral(rows)} ${offset}
    )`;
  }
  if (reading.walksEveryone) {
    return sql<{ id: string; created_at: Date }>`(
      select p.id, p.created_at from posts p
      where not p.is_reply and ${byViewerOrFollowed(viewerId)} ${where}
      ${newestFirst}
    )`;
  }
  // Each author may hold every row of the page, the skipped ones too.
  const perAuthor = skip ? sql`${skip.rowsWithSkipped}` : limitLiteral(rows);
  return sql<{ id: string; created_at: Date }>`(
    select id, created_at from (
        select followed_id as author_id from follows where follower_id = ${viewerId}
        union all select ${viewerId}::uuid
      ) authors
      cross join lateral (
        select p.id, p.created_at from posts p
        where p.author_id = authors.author_id and not p.is_reply ${where}
        order by p.created_at desc, p.id desc limit ${perAuthor}
      ) newest
    ${newestFirst}
  )`;
}

/** Which page of a list a statement reads: the first, one after a cursor, or one by number. */
export type Paging = 'first' | 'cursor' | 'offset';

/** What a Following or For you statement's text depends on. */
interface FollowedPageShape {
  reading: FollowedReading;
  /** The page size and one more, telling whether more remain (a literal). */
  rows: number;
  paging: Paging;
  /** Whether the counts need correcting for suspended members (visibility.ts, activePostCounts). */
  anyoneMayBeSuspended: boolean;
  /** Also the Mastodon client API's facts of each post (posts.ts, PostPageOptions). */
  mastodon?: boolean;
}

/**
 * Whether any member may be suspended, as the viewer's sign-in tells: its `hides` is on while
 * anyone is (viewerFilterColumns). Filters not looked up tell nothing.
 */
export const anyoneMayBeSuspended = (viewer: FeedViewer) => viewer.filters?.hides ?? true;

/** A Following page, hydrated, in one statement compiled once per shape. */
export const followingStatement = (db: Db) =>
  statementTemplate(
    db,
    ['viewer', 'afterAt', 'afterId', 'offset', 'rowsWithSkipped'],
    (db, { reading, rows, paging, anyoneMayBeSuspended, mastodon }: FollowedPageShape, value) =>
      selectPostPage(
        db,
        value.viewer,
        numberedPage(
          newestFollowed(value.viewer, reading, {
            where:
              paging === 'cursor'
                ? sql`and (p.created_at, p.id) < (${value.afterAt}::timestamptz, ${value.afterId}::uuid)`
                : sql``,
            rows,
            skip:
              paging === 'offset'
                ? { offset: value.offset, rowsWithSkipped: value.rowsWithSkipped }
                : undefined,
          }),
          newestFirstOrder,
          cursorAt,
        ),
        { anyoneMayBeSuspended, anyoneMayBePrivate: reading.filters.privates, mastodon },
      ),
  );

/**
 * A For you page, hydrated, in one statement compiled once per shape: the newest own and
 * followed whisps and rewhisps, and well-liked recent whisps of others (each set bounded, each
 * read newest first from an index), ranked by recency in hours, lifted for people you follow and
 * for engagement, as of `asOf`.
 */
export const forYouStatement = (db: Db) =>
  statementTemplate(
    db,
    ['viewer', 'asOf', 'afterScore', 'afterId', 'offset'],
    (db, { reading, rows, paging, anyoneMayBeSuspended }: FollowedPageShape, value) => {
      const viewerId = value.viewer;
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
              where p.id = any(array(select id from ${newestFollowed(viewerId, reading, {
                where: sql`and p.created_at <= ${value.asOf}::timestamptz`,
                rows: FOR_YOU_CANDIDATES,
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
                ${visibleToViewer(viewerId, reading.filters, 'p', WELL_LIKED_SCOPE)}
              order by p.created_at desc, p.id desc
              limit ${sql.lit(FOR_YOU_CANDIDATES)}
            ) liked where created_at <= ${value.asOf}::timestamptz)
          ) candidates
        ) ranked
        ${paging === 'cursor' ? sql`where (score, id) < (${value.afterScore}::float8, ${value.afterId}::uuid)` : sql``}
        order by score desc, id desc
        limit ${limitLiteral(rows)}
        ${paging === 'offset' ? sql`offset ${value.offset}` : sql``}
      )`;
      // The score as text is exact to the last bit (by default PostgreSQL 12+ prints the shortest
      // decimal that reads back as the same float), so the next page starts exactly below it.
      return selectPostPage(
        db,
        viewerId,
        numberedPage(ranked, sql`score desc, id desc`, sql`score::text`),
        { anyoneMayBeSuspended, anyoneMayBePrivate: reading.filters.privates },
      );
    },
  );
