import {
  AUTHENTICATED_ERRORS,
  bookmarksQuery,
  bookmarksResponse,
  errorResponses,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPosts } from '../posts/load.js';

/** /api/bookmarks: the signed-in member's bookmarks, most recent first. */
export const bookmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feeds } = app.repositories;

  app.get(
    '/',
    {
      schema: {
        summary: 'Your bookmarks, most recent first',
        querystring: bookmarksQuery,
        response: {
          200: bookmarksResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const viewerId = request.member.id;
      const rows = await feeds.bookmarks(viewerId, limit, offset);
      const page = rows.slice(0, limit);
      const posts = await loadPosts(
        app,
        viewerId,
        page.map((row) => row.post_id),
      );
      const byId = new Map(posts.map((post) => [post.id, post]));
      const hasMore = rows.length > limit;
      return {
        success: true as const,
        data: {
          bookmarks: page.flatMap((row) => {
            const post = byId.get(row.post_id);
            return post ? [{ id: row.id, created_at: row.created_at.toISOString(), post }] : [];
          }),
          has_more: hasMore,
          next_offset: hasMore ? offset + limit : null,
        },
      };
    },
  );
};
