import { infiniteQueryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { bookmarkKeys } from '../query/keys.js';

export { bookmarkKeys };

export const bookmarkQueries = {
  /** The member's bookmarks, newest first, 20 at a time (infinite scroll). */
  list: (client: WhispClient) =>
    infiniteQueryOptions({
      queryKey: bookmarkKeys.lists(),
      queryFn: ({ pageParam, signal }) =>
        client.bookmarks.list({ limit: PAGE_SIZE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, _pages, offset: number) =>
        last.has_more ? (last.next_offset ?? offset + last.bookmarks.length) : undefined,
    }),
};
