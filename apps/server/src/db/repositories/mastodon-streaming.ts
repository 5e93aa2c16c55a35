import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { type ViewerFilters, visibleToViewer } from './visibility.js';

// What the Mastodon API's streams (routes/mastodon/streaming.ts) ask beside posts/load.ts, which
// already keeps blocks and private accounts: whether the member's mutes and muted words let a
// whisp through, by the conditions the feeds add (visibility.ts), so a stream shows what a
// refreshed timeline would.

/** Every filter on: a stream's member may have muted someone since they signed in. */
const EVERY_FILTER: ViewerFilters = { hides: true, mutes: true, words: true, privates: true };

export function createMastodonStreamingRepository(db: Kysely<DatabaseSchema>) {
  return {
    /**
     * Whether the whisp (and a rewhisp's original) is by nobody the viewer blocks, is blocked by
     * or mutes, and holds none of their muted words: one primary-key read of the whisp.
     */
    async shown(viewerId: string, postId: string) {
      if (!isId(postId)) return false;
      const { rows } = await sql<{ id: string }>`
        select p.id from posts p
        where p.id = ${postId}::uuid
          ${visibleToViewer(viewerId, EVERY_FILTER, 'p', { mutes: true, words: true })}
      `.execute(db);
      return rows.length > 0;
    },
  };
}

export type MastodonStreamingRepository = ReturnType<typeof createMastodonStreamingRepository>;
