import { type Kysely, sql } from 'kysely';
import { mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { markedWhispShown } from './feeds.js';
import { listColumns, pageOf } from './mastodon-relationships.js';
import { hiddenMembers, hidesAuthors, readableByViewer, type ViewerFilters } from './visibility.js';

// The lists of the Mastodon client API (1.2) that Whisp pages by a hidden row's id: the member's
// favourites and bookmarks by the like's or bookmark's (0030_mastodon_like_ids.sql), and who
// favourited or reblogged a whisp by the like's or the rewhisp's, newest first, as Mastodon
// pages them (docs/mastodon-clients.md, 2.3). Who and what is left out is Whisp's rule, as in
// its own lists (feeds.ts profileTab, mastodon-relationships.ts).

type Db = Kysely<DatabaseSchema>;

export function createMastodonListsRepository(db: Db) {
  return {
    /**
     * The whisps the member liked (`likes`) or bookmarked (`bookmarks`), the latest first, as
     * their profile tabs read them: each whisp's Whisp and Mastodon ids, and the row's `page_id`.
     */
    marked(
      table: 'likes' | 'bookmarks',
      viewerId: string,
      before: string | undefined,
      limit: number,
      filters: ViewerFilters,
    ) {
      // Typed as likes: bookmarks has the same three columns read here.
      const rows = db
        .selectFrom(`${table as 'likes'} as listed`)
        .innerJoin('posts', 'posts.id', 'listed.post_id')
        .select([
          'listed.post_id',
          mastodonIdText('posts'),
          sql<string>`listed.mastodon_id::text`.as('page_id'),
        ])
        .where('listed.user_id', '=', viewerId)
        .$if(hidesAuthors(filters), (query) => query.where(markedWhispShown(viewerId)));
      return pageOf(rows, before, limit);
    },

    /** Who liked the whisp, nobody hidden from the viewer (blocked either way, or suspended). */
    favouritedBy(viewerId: string, postId: string, before: string | undefined, limit: number) {
      const rows = db
        .selectFrom('likes as listed')
        .innerJoin('users', 'users.id', 'listed.user_id')
        .select(listColumns)
        .where('listed.post_id', '=', postId)
        .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`);
      return pageOf(rows, before, limit);
    },

    /**
     * Who rewhisped the whisp, paged by the rewhisps' ids: only rewhisps the viewer may read (a
     * private member's is their followers' alone), nobody hidden from the viewer.
     */
    rebloggedBy(viewerId: string, postId: string, before: string | undefined, limit: number) {
      const rows = db
        .selectFrom('posts as listed')
        .innerJoin('users', 'users.id', 'listed.author_id')
        .select(listColumns)
        .where('listed.rewhisp_of_id', '=', postId)
        .where(sql<boolean>`true ${readableByViewer(viewerId, 'listed')}`);
      return pageOf(rows, before, limit);
    },
  };
}

export type MastodonListsRepository = ReturnType<typeof createMastodonListsRepository>;
