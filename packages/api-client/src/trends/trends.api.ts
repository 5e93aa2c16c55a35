import type { ApiContext, DataBody } from '../http/context.js';
import type { HashtagCount } from '../models.js';

export function createTrendsApi({ request }: ApiContext) {
  return {
    /** GET /api/trends: the most used hashtags of recent posts. */
    list: async (options: { limit?: number } = {}, signal?: AbortSignal) =>
      (
        await request<DataBody<HashtagCount[]>>('/api/trends', {
          query: { limit: options.limit },
          signal,
        })
      ).data,
  };
}

export type TrendsApi = ReturnType<typeof createTrendsApi>;
