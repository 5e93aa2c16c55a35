import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

// Reading positions of Mastodon apps (0029_mastodon_markers.sql).

export type MarkerTimeline = 'home' | 'notifications';

export function createMastodonMarkersRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** The member's markers of these timelines (those never saved are absent). */
    list(userId: string, timelines: readonly MarkerTimeline[]) {
      if (timelines.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('mastodon_markers')
        .select(['timeline', 'last_read_id', 'version', 'updated_at'])
        .where('user_id', '=', userId)
        .where('timeline', 'in', timelines)
        .execute();
    },

    /** Saves a marker, one version up. */
    async save(userId: string, timeline: MarkerTimeline, lastReadId: string) {
      return db
        .insertInto('mastodon_markers')
        .values({ user_id: userId, timeline, last_read_id: lastReadId })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'timeline']).doUpdateSet({
            last_read_id: lastReadId,
            version: sql<number>`mastodon_markers.version + 1`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .returning(['timeline', 'last_read_id', 'version', 'updated_at'])
        .executeTakeFirstOrThrow();
    },
  };
}
