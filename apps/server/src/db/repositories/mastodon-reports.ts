import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import type { ReportTarget } from './moderation.js';

// The Report entity of the Mastodon client API (0033_mastodon_filters.sql gives reports their
// Mastodon id): the open report a member has of a target, as moderation.file left it (a new
// one, or the one already open, which Whisp keeps instead of a second).

export function createMastodonReportsRepository(db: Kysely<DatabaseSchema>) {
  return {
    async openReport(reporterId: string, target: ReportTarget) {
      const which =
        target.type === 'post'
          ? sql`target_type = 'post' and post_id = ${target.postId}`
          : sql`target_type = 'user' and target_user_id = ${target.userId}`;
      const { rows } = await sql<{ id: string; created_at: Date }>`
        select mastodon_id::text as id, created_at from reports
        where reporter_id = ${reporterId} and status = 'open' and ${which}
        order by created_at desc limit 1
      `.execute(db);
      return rows[0];
    },
  };
}
