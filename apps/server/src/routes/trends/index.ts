import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  trendsQuery,
  trendsResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/trends: the most used hashtags of recent whisps. */
export const trendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'The most used hashtags of the newest whisps, with their counts',
        querystring: trendsQuery,
        response: {
          200: trendsResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const viewerId = request.member.id;
      return {
        success: true as const,
        data: await app.repositories.search.trends(
          request.query.limit,
          viewerId,
          request.member.filters,
        ),
      };
    },
  );
};
