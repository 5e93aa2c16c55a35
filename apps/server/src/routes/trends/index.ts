import { TRENDS_SHOWN } from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED_ERRORS, errorResponses, limitParameter } from '../../http/schemas.js';

/** /api/trends: the most used hashtags of recent whisps. */
export const trendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'The most used hashtags of the newest whisps, with their counts',
        querystring: z.object({ limit: limitParameter(TRENDS_SHOWN) }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(z.object({ hashtag: z.string(), post_count: z.number().int() })),
          }),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.repositories.search.trends(request.query.limit),
    }),
  );
};
