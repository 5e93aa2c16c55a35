import { queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { TRENDS_SHOWN } from '../contract/limits.js';
import { trendKeys } from '../query/keys.js';

export { trendKeys };

export const trendQueries = {
  list: (client: WhispClient, limit = TRENDS_SHOWN) =>
    queryOptions({
      queryKey: trendKeys.list(limit),
      queryFn: ({ signal }) => client.trends.list({ limit }, signal),
    }),
};
