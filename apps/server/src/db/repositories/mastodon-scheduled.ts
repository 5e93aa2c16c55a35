import { type Kysely, sql } from 'kysely';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { mediaIdsOf } from './mastodon-facts.js';
import { pageOf } from './mastodon-relationships.js';
import { mediaDetailsColumn } from './media-details.js';

// A member's scheduled whisps as the Mastodon client API (1.2) names them: by the Mastodon id
// 0034_mastodon_scheduled_ids.sql gives each, with their uploads' ids (a ScheduledStatus's
// media_ids). Changing and cancelling them stays with Whisp's own repository (scheduled-posts.ts);
// these statements only read, each scoped to the author: another member's finds nothing.

type Db = Kysely<DatabaseSchema>;

const selectScheduled = (db: Db) =>
  db.selectFrom('scheduled_posts as listed').select([
    'listed.id',
    mastodonIdText('listed'),
    sql<string>`listed.mastodon_id::text`.as('page_id'),
    'listed.scheduled_at',
    'listed.content',
    'listed.content_warning',
    'listed.media_keys',
    'listed.media_alts',
    'listed.poll',
    mediaDetailsColumn('listed').as('media_details'),
    // The upload behind each key, in order, as a status's attachments.
    mediaIdsOf('listed').as('media_ids'),
  ]);

export function createMastodonScheduledRepository(db: Db) {
  return {
    /** The member's scheduled whisp a Mastodon id names; undefined for none, or another's. */
    find(authorId: string, mastodonId: string) {
      if (!isMastodonId(mastodonId)) return Promise.resolve(undefined);
      return selectScheduled(db)
        .where('listed.mastodon_id', '=', sql<unknown>`${mastodonId}::bigint`)
        .where('listed.author_id', '=', authorId)
        .executeTakeFirst();
    },

    /** The member's scheduled whisp by Whisp's id (the one Whisp's own routes answered). */
    findByWhispId(authorId: string, id: string) {
      return selectScheduled(db)
        .where('listed.id', '=', id)
        .where('listed.author_id', '=', authorId)
        .executeTakeFirst();
    },

    /** A page of the member's, the latest scheduled first, older than `before` (a Mastodon id). */
    page(authorId: string, before: string | undefined, limit: number) {
      return pageOf(selectScheduled(db).where('listed.author_id', '=', authorId), before, limit);
    },
  };
}

export type MastodonScheduledRepository = ReturnType<typeof createMastodonScheduledRepository>;

/** A scheduled whisp as these statements read it. */
export type MastodonScheduledRow = NonNullable<
  Awaited<ReturnType<MastodonScheduledRepository['find']>>
>;
