import type { ApiContext, DataBody, OffsetPage } from '../http/context.js';
import type { Bookmark } from '../models.js';

export interface BookmarkPage {
  bookmarks: Bookmark[];
  has_more: boolean;
  next_offset: number | null;
}

export function createBookmarksApi({ request, media }: ApiContext) {
  return {
    /** GET /api/bookmarks: newest bookmark first, `next_offset` for the following page. */
    list: async (page: OffsetPage = {}, signal?: AbortSignal): Promise<BookmarkPage> => {
      const { data } = await request<DataBody<BookmarkPage>>('/api/bookmarks', {
        query: { ...page },
        signal,
      });
      return {
        bookmarks: data.bookmarks.map(media.bookmark),
        has_more: data.has_more,
        next_offset: data.next_offset ?? null,
      };
    },
  };
}

export type BookmarksApi = ReturnType<typeof createBookmarksApi>;
