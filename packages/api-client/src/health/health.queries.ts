import { queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';

export const healthKeys = {
  all: ['health'] as const,
};

export function healthQueryOptions(client: WhispClient) {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => client.health.check(signal),
    // The start-up check is answered by the person pressing Retry, not by silent retries.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
