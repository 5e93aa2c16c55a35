import { queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { searchKeys } from '../query/keys.js';

export { searchKeys };

/** Posts and members matching `q`; idle while `q` is blank (debounce it in the screen). */
const results = (client: WhispClient, q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => client.search.all(q.trim(), signal),
    enabled: q.trim().length > 0,
  });

export const searchQueries = {
  results,

  /**
   * Only the members matching `q` (mention suggestions, who-to-tag pickers): the same request and
   * cache entry as `results`, so a search page already open answers it at once.
   */
  members: (client: WhispClient, q: string) =>
    queryOptions({
      ...results(client, q),
      select: (data) => data.users,
    }),

  /** Whisps with a hashtag; `#design` and `design` are the same search. */
  hashtag: (client: WhispClient, tag: string) =>
    queryOptions({
      queryKey: searchKeys.hashtag(tag),
      queryFn: ({ signal }) => client.search.hashtag(tag, signal),
      enabled: tag.replace(/^#/, '').trim().length > 0,
    }),
};
