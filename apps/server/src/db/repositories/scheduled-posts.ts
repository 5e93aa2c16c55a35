import { parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { StoredMediaDetails } from '../../posts/media-items.js';
import type { CanReply, DatabaseSchema, ScheduledPoll, ScheduledPostsTable } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';
import { mediaDetailsColumn } from './media-details.js';
import type { NotificationsRepository } from './notifications.js';
import type { PostsRepository } from './posts.js';

type Db = Kysely<DatabaseSchema>;

/** A stored row with the details of its uploads (dimensions, preview), in key order. */
export type ScheduledPostRow = Selectable<ScheduledPostsTable> & {
  media_details: (StoredMediaDetails | null)[];
};

const selectScheduled = (db: Db) =>
  db
    .selectFrom('scheduled_posts')
    .selectAll('scheduled_posts')
    .select(mediaDetailsColumn('scheduled_posts').as('media_details'));

/** What a scheduled whisp holds, checked and normalized by the route. */
export interface ScheduledPostFields {
  scheduledAt: Date;
  content: string;
  contentWarning: string | null;
  mediaKeys: string[];
  /** One per media key, null where it has no description. */
  mediaAlts: (string | null)[];
  poll: ScheduledPoll | null;
  canReply: CanReply;
  canRepost: boolean;
}

/** What one publishing pass did with the row it claimed. */
export type PublishOutcome =
  | { kind: 'published'; scheduledId: string; postId: string; authorId: string }
  | { kind: 'dropped'; scheduledId: string; authorId: string };

// A failed publication is tried again after this, doubling, capped: a bug or a bad row is
// logged each time without holding up the rows due after it.
const RETRY_FIRST_SECONDS = 30;
const RETRY_MAX_SECONDS = 60 * 60;

function columns(fields: Partial<ScheduledPostFields>) {
  return {
    ...(fields.scheduledAt !== undefined && { scheduled_at: fields.scheduledAt }),
    ...(fields.content !== undefined && { content: fields.content }),
    ...(fields.contentWarning !== undefined && { content_warning: fields.contentWarning }),
    ...(fields.mediaKeys !== undefined && { media_keys: fields.mediaKeys }),
    ...(fields.mediaAlts !== undefined && {
      // No descriptions at all: the empty list, as posts store it.
      media_alts: fields.mediaAlts.some((alt) => alt !== null) ? fields.mediaAlts : [],
    }),
    ...(fields.poll !== undefined && {
      poll: fields.poll === null ? null : JSON.stringify(fields.poll),
    }),
    ...(fields.canReply !== undefined && { can_reply: fields.canReply }),
    ...(fields.canRepost !== undefined && { can_repost: fields.canRepost }),
  };
}

/**
 * Whisps waiting for their time (0015_jobs_and_schedules.sql): the member's list, and the
 * publishing job's claim.
 */
export function createScheduledPostsRepository(
  db: Db,
  posts: PostsRepository,
  notifications: NotificationsRepository,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  return {
    /**
     * Stores a scheduled whisp unless the member already holds `max`: the member's row is locked
     * meanwhile, so two requests at once cannot both take the last place.
     */
    async create(
      authorId: string,
      fields: ScheduledPostFields,
      max: number,
    ): Promise<ScheduledPostRow | undefined> {
      return db.transaction().execute(async (transaction) => {
        await transaction
          .selectFrom('users')
          .select('id')
          .where('id', '=', authorId)
          .forNoKeyUpdate()
          .execute();
        const { count } = await transaction
          .selectFrom('scheduled_posts')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('author_id', '=', authorId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return undefined;
        const { id } = await transaction
          .insertInto('scheduled_posts')
          .values({
            author_id: authorId,
            ...columns(fields),
            scheduled_at: fields.scheduledAt,
            content: fields.content,
            content_warning: fields.contentWarning,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return selectScheduled(transaction).where('id', '=', id).executeTakeFirstOrThrow();
      });
    },

    /** The member's pending whisps, soonest first. */
    list(authorId: string): Promise<ScheduledPostRow[]> {
      return selectScheduled(db)
        .where('author_id', '=', authorId)
        .orderBy('scheduled_at')
        .orderBy('id')
        .execute();
    },

    /** One of the member's own; undefined for another member's, an unknown or a published one. */
    find(authorId: string, id: string): Promise<ScheduledPostRow | undefined> {
      if (!isId(id)) return Promise.resolve(undefined);
      return selectScheduled(db)
        .where('id', '=', id)
        .where('author_id', '=', authorId)
        .executeTakeFirst();
    },

    /** Changes the given fields; undefined when it is not (or no longer) the member's to change. */
    async update(
      authorId: string,
      id: string,
      fields: Partial<ScheduledPostFields>,
    ): Promise<ScheduledPostRow | undefined> {
      if (!isId(id)) return undefined;
      const changed = await db
        .updateTable('scheduled_posts')
        // A changed whisp gets a fresh start should an earlier publication have failed.
        .set({ ...columns(fields), retry_at: null, failed_attempts: 0 })
        .where('id', '=', id)
        .where('author_id', '=', authorId)
        .returning('id')
        .executeTakeFirst();
      if (!changed) return undefined;
      return selectScheduled(db).where('id', '=', changed.id).executeTakeFirst();
    },

    /** Cancels it (its media are the member's unattached uploads again); false when not theirs. */
    async delete(authorId: string, id: string) {
      if (!isId(id)) return false;
      const removed = await db
        .deleteFrom('scheduled_posts')
        .where('id', '=', id)
        .where('author_id', '=', authorId)
        .returning('id')
        .executeTakeFirst();
      return removed !== undefined;
    },

    /**
     * Publishes the soonest due whisp, if any, exactly once: the row is claimed with `for update
     * skip locked` (another instance takes the next one), and the whisp, its poll and mention
     * notifications are written and the row deleted in ONE transaction. A crash before the commit
     * leaves the row as it was, to be published later. A suspended author's whisp is dropped.
     * When the row itself fails, throws PublicationFailed once it recorded when to try it again.
     */
    async publishNext(dueBy: Date | undefined): Promise<PublishOutcome | undefined> {
      const due = dueBy ? sql<Date>`greatest(now(), ${dueBy})` : sql<Date>`now()`;
      let claimed: string | undefined;
      try {
        const outcome = await notifications.transaction(async (transaction) => {
          const row = await transaction
            .selectFrom('scheduled_posts')
            .selectAll()
            .where('scheduled_at', '<=', due)
            .where((eb) =>
              eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', sql<Date>`now()`)]),
            )
            .orderBy('scheduled_at')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!row) return undefined;
          claimed = row.id;
          await transaction.deleteFrom('scheduled_posts').where('id', '=', row.id).execute();
          const author = await transaction
            .selectFrom('users')
            .select('suspended_at')
            .where('id', '=', row.author_id)
            .executeTakeFirst();
          if (!author || author.suspended_at !== null) {
            return { kind: 'dropped', scheduledId: row.id, authorId: row.author_id } as const;
          }
          const postId = await posts.createIn(transaction, {
            authorId: row.author_id,
            content: row.content,
            contentWarning: row.content_warning,
            mediaKeys: row.media_keys,
            mediaAlts: row.media_alts,
            hashtags: parseHashtags(row.content),
            mentionCandidates: parseMentionCandidates(row.content),
            canReply: row.can_reply,
            canRepost: row.can_repost,
            poll: row.poll,
          });
          return {
            kind: 'published',
            scheduledId: row.id,
            postId,
            authorId: row.author_id,
          } as const;
        });
        if (outcome?.kind === 'published') {
          federatedChanges.report({ kind: 'whisp.created', postId: outcome.postId });
        }
        return outcome;
      } catch (error) {
        // Not even claimed (the database is away): the caller's pass ends, the next one retries.
        if (!claimed) throw error;
        await db
          .updateTable('scheduled_posts')
          .set((eb) => ({
            failed_attempts: eb('failed_attempts', '+', 1),
            retry_at: sql<Date>`now() + make_interval(secs => least(${sql.lit(RETRY_MAX_SECONDS)},
              ${sql.lit(RETRY_FIRST_SECONDS)} * power(2, failed_attempts)))`,
          }))
          .where('id', '=', claimed)
          .execute();
        throw new PublicationFailed(claimed, error);
      }
    },

    /** When the soonest pending whisp is due (a timer is set for it), or undefined. */
    async nextDueAt(): Promise<Date | undefined> {
      const row = await db
        .selectFrom('scheduled_posts')
        .select('scheduled_at')
        .where('retry_at', 'is', null)
        .orderBy('scheduled_at')
        .limit(1)
        .executeTakeFirst();
      return row?.scheduled_at;
    },
  };
}

export type ScheduledPostsRepository = ReturnType<typeof createScheduledPostsRepository>;

/** A claimed scheduled whisp could not be published; it is tried again later (`retry_at`). */
export class PublicationFailed extends Error {
  constructor(
    readonly scheduledId: string,
    cause: unknown,
  ) {
    super(`Scheduled whisp ${scheduledId} could not be published`, { cause });
  }
}
