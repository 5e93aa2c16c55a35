import { queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { searchKeys } from '../query/keys.js';

export { searchKeys };

export const searchQueries = {
  /** Posts and members matching `q`; idle while `q` is blank (debounce it in the screen). */
  results: (client: WhispClient, q: string) =>
    queryOptions({
      queryKey: searchKeys.results(q),
      queryFn: ({ signal }) => client.search.all(q.trim(), signal),
      enabled: q.trim().length > 0,
    }),

  /** Whisps with a hashtag; `#design` and `design` are the same search. */
  hashtag: (client: WhispClient, tag: string) =>
    queryOptions({
      queryKey: searchKeys.hashtag(tag),
      queryFn: ({ signal }) => client.search.hashtag(tag, signal),
      enabled: tag.replace(/^#/, '').trim().length > 0,
    }),
};
