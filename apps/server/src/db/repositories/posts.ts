import { memberAcct, normalizePollOptions, type PollRequest } from '@whisp/api-client/contract';
import { type Expression, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { StoredMediaDetails } from '../../posts/media-items.js';
import type { CanReply, DatabaseSchema } from '../schema.js';
import { statementTemplate } from '../statement-templates.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';
import { mastodonFactsColumn } from './mastodon-facts.js';
import { mediaDetailsColumn } from './media-details.js';
import { memberAddressColumns } from './member-address.js';
import { membersByAcct } from './members-by-acct.js';
import { createNotificationsRepository } from './notifications.js';
import { limitLiteral } from './plan-literals.js';
import { activePostCounts, readableByViewer } from './visibility.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export interface NewPost {
  authorId: string;
  content: string;
  mediaKeys: string[];
  /** One per media key, null where it has no description. */
  mediaAlts: (string | null)[];
  hashtags: string[];
  /** Usernames as typed; only those of existing members are stored. */
  mentionCandidates: string[];
  canReply?: CanReply;
  canRepost?: boolean;
  replyToId?: string;
  /** The client's Idempotency-Key: a second create with it returns the first whisp. */
  idempotencyKey?: string;
  /** Already normalized (normalizeContentWarning); null or absent for none. */
  contentWarning?: string | null;
  /** Already checked (pollRefusal); it starts running now, for `expires_in` seconds. */
  poll?: PollRequest | null;
}

/** An edit of a whisp: its new text and warning (already checked and normalized). */
export interface WhispEdit {
  content: string;
  contentWarning: string | null;
  hashtags: string[];
  mentionCandidates: string[];
}

/** A new whisp's poll: options trimmed as stored, counts at zero, ending `expires_in` from now. */
async function insertPoll(
  transaction: Transaction<DatabaseSchema>,
  postId: string,
  poll: PollRequest,
) {
  const options = normalizePollOptions(poll.options);
  await transaction
    .insertInto('polls')
    .values({
      post_id: postId,
      options,
      multiple: poll.multiple,
      // The database's clock, as every other time of the poll (votes, expiry checks) is read there.
      expires_at: sql<Date>`now() + make_interval(secs => ${poll.expires_in})`,
      option_counts: options.map(() => 0),
    })
    .execute();
}

/**
 * A page of a list as the statement that hydrates it reads it: each listed post's id, its
 * position `n` (from 1, in the list's order) and the text its list's next cursor is made of
 * (null for lists paged by offset). One row more than the page size tells that more remain.
 */
export interface PageEntry {
  id: string;
  n: number;
  cursor: string | null;
}

/**
 * Numbers the rows of `listed` (a query already ordered, offset and limited to one page; raw SQL
 * must come in parentheses) from 1 in `order`. Numbering outside the limit keeps the window off
 * the rows an offset skips.
 */
export function numberedPage(
  listed: Expression<unknown>,
  order: RawBuilder<unknown>,
  cursor: RawBuilder<string> = sql`null::text`,
) {
  return sql<PageEntry>`select id, (row_number() over (order by ${order}))::int as n,
    ${cursor} as cursor from ${listed} as listed`;
}

/**
 * A whisp's time as the API writes it (ISO 8601 in UTC, to the millisecond, truncated as a Date
 * holds it), formatted by PostgreSQL in place of its own text form: the driver parsed each one
 * into a Date (about 0.5 µs) for toISOString to write again (0.4 µs), twice per whisp of a page,
 * where to_char costs PostgreSQL about 0.3 µs more than its own output. The same text for every
 * whisp of the benchmark network (2,000,000 times compared) and for each millisecond of a second.
 */
const apiTime = (column: 'p.created_at' | 'p.updated_at' | 'p.edited_at' | 'pl.expires_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The same text for a time computed by an expression of trusted SQL (never a value). */
const apiTimeOf = (expression: string) =>
  sql<string>`to_char(${sql.raw(expression)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A whisp's poll as its page reads it: the row of polls, and what this viewer chose. */
export interface PollColumn {
  id: string;
  options: string[];
  multiple: boolean;
  expires_at: string;
  /** The database's clock decides, as it does for a vote. */
  expired: boolean;
  /** Ended, or the viewer wrote it. */
  counts_shown: boolean;
  option_counts: number[];
  votes_count: number;
  voters_count: number;
  own_votes: number[];
}

/**
 * The whisp's poll as one JSON value, or null. Only a whisp flagged `has_poll` (0019_poll_flag.sql)
 * reads polls, by its unique post_id, and the viewer's choices by the votes' primary key: CASE
 * runs the subquery for those rows alone, so the cards without a poll cost no probe (a join
 * probed polls for every card).
 */
const pollColumn = (viewerId: string) =>
  sql<PollColumn | null>`case when p.has_poll then (
    select json_build_object(
      'id', pl.id,
      'options', pl.options,
      'multiple', pl.multiple,
      'expires_at', ${apiTime('pl.expires_at')},
      'expired', pl.expires_at <= now(),
      'counts_shown', pl.expires_at <= now() or p.author_id = ${viewerId},
      'option_counts', pl.option_counts,
      'votes_count', pl.votes_count,
      'voters_count', pl.voters_count,
      'own_votes', array(select v.choice from poll_votes v
        where v.poll_id = pl.id and v.voter_id = ${viewerId} order by v.choice))
    from polls pl where pl.post_id = p.id) end`.as('poll');

/** What a page of posts is read for beyond Whisp's own shape of them. */
export interface PostPageOptions {
  /** Also each post's facts for the Mastodon client API (`mastodon`, ./mastodon-facts.ts). */
  mastodon?: boolean;
  /**
   * False when the viewer's sign-in tells nobody is suspended (`hides` off: feeds'
   * anyoneMayBeSuspended): the counts are then the stored ones, with no correction to plan.
   */
  anyoneMayBeSuspended?: boolean;
}

/**
 * The page's posts and, for rewhisps among them, their originals, in one statement: the page is
 * read once (a materialized CTE), the viewer's flags come from EXISTS on the primary keys.
 */
export function selectPostPage(
  db: Db,
  viewerId: string,
  page: RawBuilder<PageEntry>,
  {
    anyoneMayBeSuspended = true,
    anyoneMayBePrivate = true,
    mastodon = false,
  }: PostPageOptions & { anyoneMayBePrivate?: boolean } = {},
) {
  return (
    db
      // Kysely parenthesises a query builder here, but not raw SQL.
      .with(
        (cte) => cte('page').materialized(),
        () => sql<PageEntry>`(${page})`,
      )
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      // Originals that are not themselves on the page have no n.
      .leftJoin('page', 'page.id', 'p.id')
      .select([
        'p.id',
        'p.author_id',
        'p.content',
        'p.media_keys',
        'p.media_alts',
        mediaDetailsColumn('p').as('media_details'),
        'p.hashtags',
        'p.mentions',
        'p.is_reply',
        'p.reply_to_id',
        'p.rewhisp_of_id',
        'p.can_reply',
        'p.can_repost',
        ...activePostCounts(anyoneMayBeSuspended, anyoneMayBePrivate ? viewerId : undefined),
        apiTime('p.created_at').as('created_at'),
        apiTime('p.updated_at').as('updated_at'),
        'u.username',
        'u.display_name',
        'u.avatar_key',
        'u.is_verified',
        ...memberAddressColumns('u'),
        'page.n',
        'page.cursor',
        'p.content_warning',
        apiTime('p.edited_at').as('edited_at'),
        pollColumn(viewerId),
      ])
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('likes')
              .select(sql`1`.as('one'))
              .whereRef('likes.post_id', '=', 'p.id')
              .where('likes.user_id', '=', viewerId),
          )
          .as('is_liked'),
        eb
          .exists(
            eb
              .selectFrom('bookmarks')
              .select(sql`1`.as('one'))
              .whereRef('bookmarks.post_id', '=', 'p.id')
              .where('bookmarks.user_id', '=', viewerId),
          )
          .as('is_bookmarked'),
        eb
          .exists(
            eb
              .selectFrom('posts as mine')
              .select(sql`1`.as('one'))
              .whereRef('mine.rewhisp_of_id', '=', 'p.id')
              .where('mine.author_id', '=', viewerId)
              // Implied by the line above, but it lets the viewer's rewhisps be read from the
              // index of rewhisps alone (posts_one_rewhisp_per_member_key): PostgreSQL reads
              // them once per statement, and without it read every whisp of the viewer from
              // the table (a member with 3,242 whisps: 3,271 buffers, 3.1 ms, on every page).
              .where('mine.rewhisp_of_id', 'is not', null),
          )
          .as('is_rewhisped'),
      ])
      // The Mastodon client API's statuses: what they need beside these columns, in this
      // statement rather than a second one (./mastodon-facts.ts).
      .$if(mastodon, (query) =>
        query.select(mastodonFactsColumn(db, anyoneMayBeSuspended).as('mastodon')),
      )
      // One IN over a union (not an OR of two), so both halves are primary-key lookups.
      .where('p.id', 'in', (eb) =>
        eb
          .selectFrom('page')
          .select('page.id')
          .unionAll(
            eb
              .selectFrom('posts as wrapper')
              .select(sql<string>`wrapper.rewhisp_of_id`.as('id'))
              .where('wrapper.id', 'in', eb.selectFrom('page').select('page.id'))
              .where('wrapper.rewhisp_of_id', 'is not', null),
          ),
      )
  );
}

type PostPageRow = Awaited<ReturnType<ReturnType<typeof selectPostPage>['execute']>>[number];

/** A whisp with its author and what the viewer did to it: everything a Post shape needs. */
export type PostRow = Omit<PostPageRow, 'n' | 'cursor'>;

export interface HydratedPost {
  row: PostRow;
  original: PostRow | null;
}

export interface PostPage {
  /** The page in its list's order, each with its original when it is a rewhisp. */
  posts: HydratedPost[];
  hasMore: boolean;
  /** The last post shown and its cursor text, when more remain and the list has cursors. */
  last: { id: string; cursor: string } | undefined;
}

/** Rows of `selectPostPage` → the first `limit` listed posts, in order, with their originals. */
export function toPostPage(rows: PostPageRow[], limit: number): PostPage {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = rows
    .filter((row): row is PostPageRow & { n: number } => row.n !== null)
    .sort((a, b) => a.n - b.n);
  const shown = listed.slice(0, limit);
  const hasMore = listed.length > limit;
  const last = shown.at(-1);
  return {
    posts: shown.map((row) => ({
      row,
      original: row.rewhisp_of_id ? (byId.get(row.rewhisp_of_id) ?? null) : null,
    })),
    hasMore,
    last:
      hasMore && last && last.cursor !== null ? { id: last.id, cursor: last.cursor } : undefined,
  };
}

/**
 * One page of posts, hydrated, in one round trip: `page` lists at most `limit` + 1 entries
 * (`numberedPage`), the extra one only telling that more remain.
 */
export async function loadPostPage(
  db: Db,
  viewerId: string,
  page: RawBuilder<PageEntry>,
  limit: number,
  options: PostPageOptions = {},
): Promise<PostPage> {
  return toPostPage(await selectPostPage(db, viewerId, page, options).execute(), limit);
}

/**
 * The statement hydrating a list of ids (below), one per database, compiled once
 * (../statement-templates.ts): a WeakMap, as a transaction is a database of its own for a moment.
 */
const hydrations = new WeakMap<
  Db,
  (viewerId: string, ids: string[], options: PostPageOptions) => Promise<PostPageRow[]>
>();

function hydration(db: Db) {
  let hydrate = hydrations.get(db);
  if (!hydrate) {
    const statement = statementTemplate<
      DatabaseSchema,
      Required<PostPageOptions>,
      'viewer' | 'ids',
      PostPageRow
    >(db, ['viewer', 'ids'], (db, { mastodon, anyoneMayBeSuspended }, value) =>
      selectPostPage(
        db,
        value.viewer,
        sql<PageEntry>`select id, n::int as n, null::text as cursor
          from unnest(${value.ids}::uuid[]) with ordinality as listed(id, n)`,
        { mastodon, anyoneMayBeSuspended },
      ),
    );
    hydrate = (viewer, ids, { mastodon = false, anyoneMayBeSuspended = true }) =>
      statement({ mastodon, anyoneMayBeSuspended }, { viewer, ids });
    hydrations.set(db, hydrate);
  }
  return hydrate;
}

/**
 * The posts with these ids in this order, each with its original when it is a rewhisp. A post
 * deleted since its id was read simply leaves the list. One statement text whatever the ids, so
 * it runs on its generic plan and is never planned again.
 */
export async function hydratePosts(
  db: Db,
  viewerId: string,
  ids: string[],
  options: PostPageOptions = {},
): Promise<HydratedPost[]> {
  if (ids.length === 0) return [];
  return toPostPage(await hydration(db)(viewerId, ids, options), ids.length).posts;
}

export function createPostsRepository(
  db: Kysely<DatabaseSchema>,
  notifications = createNotificationsRepository(db),
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  const hydrate = (viewerId: string, ids: string[], options?: PostPageOptions) =>
    hydratePosts(db, viewerId, ids, options);

  async function findOne(viewerId: string, id: string) {
    if (!isId(id)) return undefined;
    return (await hydrate(viewerId, [id]))[0];
  }

  /**
   * Mentions as stored: a local member's username, a remote member's `username@host`. A bare
   * @name is a member of this server, never a remote namesake; a remote one is mentioned only
   * when this server already knows them (looking them up would hold up the post).
   */
  async function resolveMentions(transaction: Db, candidates: string[]) {
    if (candidates.length === 0) return [];
    const rows = await transaction
      .selectFrom('users')
      .select(['username', 'host'])
      .where(membersByAcct(candidates))
      .execute();
    const canonical = new Map(rows.map((row) => [memberAcct(row).toLowerCase(), memberAcct(row)]));
    return candidates.flatMap((name) => canonical.get(name.toLowerCase()) ?? []);
  }

  async function postForKey(transaction: Db, userId: string, key: string) {
    const row = await transaction
      .selectFrom('post_idempotency_keys')
      .select('post_id')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.post_id;
  }

  /**
   * Writes a whisp or a reply, its poll and its notifications inside the caller's transaction,
   * which must come from `notifications.transaction()` (the notifications go out when it
   * commits). A used idempotency key throws; `create` turns that into the first whisp.
   */
  async function createIn(
    transaction: Transaction<DatabaseSchema>,
    post: NewPost,
  ): Promise<string> {
    const { idempotencyKey } = post;
    const mentions = await resolveMentions(transaction, post.mentionCandidates);
    const { id } = await transaction
      .insertInto('posts')
      .values({
        author_id: post.authorId,
        content: post.content,
        content_warning: post.contentWarning ?? null,
        media_keys: post.mediaKeys,
        // No descriptions at all: the empty list, as rows written before them hold.
        media_alts: post.mediaAlts.some((alt) => alt !== null) ? post.mediaAlts : [],
        hashtags: post.hashtags,
        mentions,
        is_reply: post.replyToId !== undefined,
        reply_to_id: post.replyToId ?? null,
        can_reply: post.canReply ?? 'everyone',
        can_repost: post.canRepost ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (post.poll) await insertPoll(transaction, id, post.poll);
    if (idempotencyKey) {
      // Two retries racing: the second waits on the key's row lock, then finds it taken.
      const stored = await transaction
        .insertInto('post_idempotency_keys')
        .values({ user_id: post.authorId, key: idempotencyKey, post_id: id })
        .onConflict((conflict) => conflict.doNothing())
        .returning('post_id')
        .executeTakeFirst();
      if (!stored) throw new DuplicateRequest(post.authorId, idempotencyKey);
    }
    await notifications.recordNewPost(transaction, {
      postId: id,
      authorId: post.authorId,
      replyToId: post.replyToId,
      mentions,
    });
    notifications.stage(transaction, { memberId: post.authorId, kind: 'status', id });
    return id;
  }

  return {
    hydrate,
    findOne,

    createIn,

    /** Creates a whisp or a reply; `existing` is set when the idempotency key was seen before. */
    async create(post: NewPost): Promise<{ id: string; existing: boolean }> {
      const { idempotencyKey } = post;
      if (idempotencyKey) {
        const seen = await postForKey(db, post.authorId, idempotencyKey);
        if (seen) return { id: seen, existing: true };
      }
      // The poll, reply and mention notifications commit with the whisp, or not at all.
      const created = await notifications
        .transaction(async (transaction) => ({
          id: await createIn(transaction, post),
          existing: false,
        }))
        .catch(async (error) => {
          if (!(error instanceof DuplicateRequest)) throw error;
          const first = await postForKey(db, error.userId, error.key);
          if (!first) throw error;
          return { id: first, existing: true };
        });
      if (!created.existing) federatedChanges.report({ kind: 'whisp.created', postId: created.id });
      return created;
    },

    /**
     * Rewrites a whisp. When its text or warning changes, the version it replaces joins its
     * history (dated from when that version was written) and `edited_at` moves to now.
     */
    async edit(id: string, change: WhispEdit) {
      const authorId = await db.transaction().execute(async (transaction) => {
        // Locked, so two edits racing each keep the version the other replaced.
        const current = await transaction
          .selectFrom('posts')
          .select([
            'author_id',
            'content',
            'content_warning',
            sql<Date>`coalesce(edited_at, created_at)`.as('since'),
          ])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return undefined;
        const changed =
          current.content !== change.content || current.content_warning !== change.contentWarning;
        if (changed) {
          await transaction
            .insertInto('post_versions')
            .values({
              post_id: id,
              content: current.content,
              content_warning: current.content_warning,
              created_at: current.since,
            })
            .execute();
        }
        const mentions = await resolveMentions(transaction, change.mentionCandidates);
        const now = new Date();
        await transaction
          .updateTable('posts')
          .set({
            content: change.content,
            content_warning: change.contentWarning,
            hashtags: change.hashtags,
            mentions,
            updated_at: now,
            ...(changed ? { edited_at: sql<Date>`now()` } : {}),
          })
          .where('id', '=', id)
          .execute();
        return current.author_id;
      });
      if (authorId) {
        await notifications.announce([{ memberId: authorId, kind: 'status.update', id }]);
        federatedChanges.report({ kind: 'whisp.edited', postId: id });
      }
    },

    /** Every version of a whisp, oldest first, the current one last; undefined when unknown. */
    async history(id: string) {
      if (!isId(id)) return undefined;
      return db
        .selectFrom('post_versions')
        .select([
          'content',
          'content_warning',
          sql<string>`${apiTimeOf('created_at')}`.as('created_at'),
          sql<number>`0`.as('current'),
        ])
        .where('post_id', '=', id)
        .unionAll(
          db
            .selectFrom('posts')
            .select([
              'content',
              'content_warning',
              sql<string>`${apiTimeOf('coalesce(edited_at, created_at)')}`.as('created_at'),
              sql<number>`1`.as('current'),
            ])
            .where('id', '=', id),
        )
        .orderBy('current')
        .orderBy('created_at')
        .execute();
    },

    /** Its likes, bookmarks and rewhisps go with it (foreign keys, 0003_posts.sql). */
    async delete(id: string) {
      const gone = await db
        .deleteFrom('posts')
        .where('id', '=', id)
        .returning(['author_id', 'rewhisp_of_id', sql<string>`mastodon_id::text`.as('mastodon_id')])
        .executeTakeFirst();
      if (gone) {
        await notifications.announce([
          { memberId: gone.author_id, kind: 'status.delete', id: gone.mastodon_id },
        ]);
        federatedChanges.report({
          kind: 'whisp.deleted',
          postId: id,
          authorId: gone.author_id,
          rewhispOfId: gone.rewhisp_of_id,
        });
      }
    },

    /** Who wrote a post and what they allow, for permission checks; undefined when unknown. */
    findAccess(id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .select([
          'posts.id',
          'posts.author_id',
          'posts.rewhisp_of_id',
          'posts.can_reply',
          'posts.can_repost',
          'posts.media_keys',
          'users.username as author_username',
          'users.is_private as author_is_private',
        ])
        .where('posts.id', '=', id)
        .executeTakeFirst();
    },

    async isFollowing(followerId: string, followedId: string) {
      const row = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followed_id', '=', followedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A page of replies to a whisp, oldest first. */
    replies(viewerId: string, postId: string, limit: number, offset: number) {
      const listed = db
        .selectFrom('posts')
        .select(['id', 'created_at'])
        .where('reply_to_id', '=', postId)
        .where(sql<boolean>`true ${readableByViewer(viewerId, 'posts')}`)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limitLiteral(limit + 1))
        .$if(offset > 0, (query) => query.offset(offset));
      return loadPostPage(db, viewerId, numberedPage(listed, sql`created_at, id`), limit);
    },

    /** A picture comes with its details; a video has none (no ffmpeg to read it). */
    async recordMedia(
      userId: string,
      key: string,
      kind: 'image' | 'video',
      details?: StoredMediaDetails,
    ) {
      await db
        .insertInto('post_media')
        .values({ user_id: userId, key, kind, ...details })
        // The same bytes again have the same details: an upload recorded before they were kept
        // (0016_media_details.sql) gets them now.
        .onConflict((conflict) =>
          details
            ? conflict.columns(['user_id', 'key']).doUpdateSet(details)
            : conflict.doNothing(),
        )
        .execute();
    },

    /** The kinds of these files among those this member uploaded (unknown keys are missing). */
    async uploadedMedia(userId: string, keys: string[]) {
      if (keys.length === 0) return [];
      return db
        .selectFrom('post_media')
        .select(['key', 'kind'])
        .where('user_id', '=', userId)
        .where('key', 'in', keys)
        .execute();
    },
  };
}

class DuplicateRequest extends Error {
  constructor(
    readonly userId: string,
    readonly key: string,
  ) {
    super('Idempotency key already used');
  }
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
