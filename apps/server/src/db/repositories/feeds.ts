import { type Expression, type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import {
  anyoneMayBeSuspended,
  cursorAt,
  type FeedViewer,
  followedReading,
  followingStatement,
  forYouStatement,
  newestFirstOrder,
  type Paging,
} from './followed-feeds.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import {
  type HydratedPost,
  loadPostPage,
  numberedPage,
  type PostPage,
  type PostPageOptions,
  toPostPage,
} from './posts.js';
import {
  hasFilters,
  hidesAuthors,
  NO_FILTERS,
  readableByViewer,
  type ViewerFilters,
  visibleToViewer,
} from './visibility.js';

export { AUTHOR_SIDE_MAX_FOLLOWS, type FeedViewer } from './followed-feeds.js';

/** Feeds leave out hidden and muted members' whisps, and whisps holding muted words. */
const FEED_SCOPE = { mutes: true, words: true };
/** The public feed lists no rewhisps, so no original is checked. */
const PUBLIC_SCOPE = { ...FEED_SCOPE, originalsOnly: true };
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

/**
 * Which of a member's own whisps a list holds: Whisp's profile tabs are three mixes of them, the
 * Mastodon client API's account statuses any (exclude_replies, exclude_reblogs, only_media).
 */
export interface AuthoredWhisps {
  /** Replies too. */
  replies: boolean;
  rewhisps: 'with' | 'without' | 'only';
  /** Only whisps with media; a rewhisp holds none of its own, so never rewhisps. */
  mediaOnly: boolean;
  /** Only whisps carrying this hashtag (lower-case, without `#`). */
  hashtag?: string | undefined;
}

const TAB_WHISPS: Record<'posts' | 'media' | 'rewhisps', AuthoredWhisps> = {
  posts: { replies: false, rewhisps: 'without', mediaOnly: false },
  media: { replies: true, rewhisps: 'without', mediaOnly: true },
  rewhisps: { replies: true, rewhisps: 'only', mediaOnly: false },
};

/**
 * Whether the whisp a like or bookmark marks (its `post_id`) is one the viewer may see: by
 * nobody blocked either way or suspended, and readable as far as privacy goes.
 */
export const markedWhispShown = (viewerId: string) =>
  sql<boolean>`exists (select 1 from posts shown where shown.id = post_id
    ${readableByViewer(viewerId, 'shown')})`;

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

/** Which page of a list a statement reads: the first, one after a cursor, or one by number. */
const pagingOf = (page: FeedPage<unknown>): Paging =>
  page.after ? 'cursor' : page.offset > 0 ? 'offset' : 'first';

function nextCursor<Cursor>(
  page: PostPage,
  cursorOf: (last: { id: string; cursor: string }) => Cursor,
): FeedResult<Cursor> {
  return { posts: page.posts, next: page.last ? cursorOf(page.last) : undefined };
}

export function createFeedsRepository(db: Db) {
  /** A member's whisps of a profile tab's kind, newest first, one row more than `limit`. */
  function authoredListing(
    viewerId: string,
    userId: string,
    which: AuthoredWhisps,
    limit: number,
    filters: ViewerFilters,
  ) {
    return db
      .selectFrom('posts')
      .select(['id', 'created_at'])
      .where('author_id', '=', userId)
      .$if(!which.replies, (query) => query.where('is_reply', '=', FALSE))
      .$if(which.rewhisps === 'without' || which.mediaOnly, (query) =>
        query.where('rewhisp_of_id', 'is', null),
      )
      .$if(which.mediaOnly, (query) => query.where(sql`cardinality(media_keys)`, '>', 0))
      .$if(which.rewhisps === 'only', (query) => query.where('rewhisp_of_id', 'is not', null))
      .$if(which.hashtag !== undefined, (query) =>
        query.where(sql<boolean>`hashtags @> array[${which.hashtag}]::text[]`),
      )
      .$if(hidesAuthors(filters), (query) =>
        query.where(
          sql<boolean>`true ${visibleToViewer(viewerId, filters, 'posts', PROFILE_SCOPE)}`,
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limitLiteral(limit + 1));
  }

  /** A newest-first list's page (`listed`: ids and times, one extra row), hydrated, with its cursor. */
  async function newestFirstPage(
    viewerId: string,
    listed: Expression<unknown>,
    limit: number,
    options: PostPageOptions = {},
  ) {
    const loaded = await loadPostPage(
      db,
      viewerId,
      numberedPage(listed, newestFirstOrder, cursorAt),
      limit,
      options,
    );
    return nextCursor(loaded, (last): TimeCursor => ({ at: last.cursor, id: last.id }));
  }

  /** Newest first over top-level whisps, no rewhisps, by keyset when a cursor is given. */
  async function newestOriginals(
    viewerId: string,
    page: FeedPage<TimeCursor>,
    filters: ViewerFilters,
    options: PostPageOptions,
  ) {
    const { after } = page;
    const visible = visibleToViewer(viewerId, filters, 'posts', PUBLIC_SCOPE);
    const listed = db
      .selectFrom('posts')
      .select(['posts.id', 'posts.created_at'])
      .where('posts.is_reply', '=', FALSE)
      .where('posts.rewhisp_of_id', 'is', null)
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
    // Nobody is suspended while the sign-in's `hides` is off (as for Following).
    return newestFirstPage(viewerId, listed, page.limit, {
      ...options,
      anyoneMayBeSuspended: filters.hides,
    });
  }

  const followingPage = followingStatement(db);
  const forYouPage = forYouStatement(db);

  return {
    /** Own and followed members' whisps and rewhisps, newest first. */
    async following(
      viewer: FeedViewer,
      page: FeedPage<TimeCursor>,
      { mastodon = false }: PostPageOptions = {},
    ) {
      const { after, limit, offset } = page;
      const rows = await followingPage(
        {
          reading: followedReading(viewer),
          rows: limit + 1,
          paging: pagingOf(page),
          anyoneMayBeSuspended: anyoneMayBeSuspended(viewer),
          mastodon,
        },
        {
          viewer: viewer.id,
          afterAt: after?.at,
          afterId: after?.id,
          offset,
          rowsWithSkipped: limit + 1 + offset,
        },
      );
      return nextCursor(
        toPostPage(rows, limit),
        (last): TimeCursor => ({ at: last.cursor, id: last.id }),
      );
    },

    /** Everyone's whisps (no rewhisps, no replies), newest first, as `viewerId` sees them. */
    public: (
      viewerId: string,
      page: FeedPage<TimeCursor>,
      filters: ViewerFilters,
      options: PostPageOptions = {},
    ) => newestOriginals(viewerId, page, filters, options),

    /**
     * For you (forYouStatement). The ranking is taken as of `asOf`: whisps written later wait
     * for a fresh first page, and a page after a cursor continues strictly below the last one
     * shown, so no whisp shows twice.
     */
    async timeline(viewer: FeedViewer, page: FeedPage<RankCursor>, now: Date) {
      const { after, limit, offset } = page;
      const asOf = after?.asOf ?? now.toISOString();
      const rows = await forYouPage(
        {
          reading: followedReading(viewer),
          rows: limit + 1,
          paging: pagingOf(page),
          anyoneMayBeSuspended: anyoneMayBeSuspended(viewer),
        },
        { viewer: viewer.id, asOf, afterScore: after?.score, afterId: after?.id, offset },
      );
      return nextCursor(toPostPage(rows, limit), (last) => ({
        score: Number(last.cursor),
        id: last.id,
        asOf,
      }));
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
          .$if(hidesAuthors(filters), (query) => query.where(markedWhispShown(viewerId)))
          .orderBy('created_at', 'desc')
          .orderBy('post_id', 'desc')
          .limit(limitLiteral(limit + 1))
          .$if(offset > 0, (query) => query.offset(offset));
        return loadPostPage(db, viewerId, numberedPage(listed, newestFirstOrder), limit);
      }
      const listed = authoredListing(viewerId, userId, TAB_WHISPS[tab], limit, filters).$if(
        offset > 0,
        (query) => query.offset(offset),
      );
      return loadPostPage(db, viewerId, numberedPage(listed, newestFirstOrder), limit);
    },

    /**
     * A member's own whisps as a profile tab reads them (its rules, its index), any mix of them
     * (`which`), newest first, by keyset when a cursor is given: for lists paged by where the
     * last page ended rather than by number.
     */
    authored(
      viewerId: string,
      userId: string,
      which: AuthoredWhisps,
      page: { limit: number; after?: TimeCursor | undefined },
      filters: ViewerFilters = NO_FILTERS,
    ) {
      const { after, limit } = page;
      const listed = authoredListing(viewerId, userId, which, limit, filters).$if(
        after !== undefined,
        (query) =>
          query.where(
            sql`(created_at, id)`,
            '<',
            sql`(${after?.at}::timestamptz, ${after?.id}::uuid)`,
          ),
      );
      return newestFirstPage(viewerId, listed, limit);
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
          sql<boolean>`exists (select 1 from posts shown where shown.id = bookmarks.post_id
            ${readableByViewer(userId, 'shown')})`,
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
