import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  postContextResponse,
  postHistoryResponse,
  postIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findTarget, loadPosts, postNotFound } from './load.js';

/** A whisp's thread (replies to replies) and its edit history. */
export const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts, threads } = app.repositories;

  app.get(
    '/:id/context',
    {
      schema: {
        summary: 'The thread around a whisp: its ancestors and its replies, depth first',
        params: postIdParams,
        response: { 200: postContextResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      const viewerId = request.member.id;
      const focused = await findTarget(app, request.params.id, viewerId, 'read');
      const { ancestorIds, descendantIds } = await threads.context(viewerId, focused.id);
      // Both lists hydrated by one statement, then split where the ancestors end.
      const loaded = await loadPosts(app, viewerId, [...ancestorIds, ...descendantIds]);
      const ancestors = new Set(ancestorIds);
      return {
        success: true as const,
        data: {
          ancestors: loaded.filter((post) => ancestors.has(post.id)),
          descendants: loaded.filter((post) => !ancestors.has(post.id)),
        },
      };
    },
  );

  app.get(
    '/:id/history',
    {
      schema: {
        summary: 'Every version of a whisp, oldest first, the current one last',
        params: postIdParams,
        response: { 200: postHistoryResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      await findTarget(app, request.params.id, request.member.id, 'read');
      const versions = await posts.history(request.params.id);
      // Deleted since it was found.
      if (!versions || versions.length === 0) throw postNotFound();
      return {
        success: true as const,
        data: versions.map(({ content, content_warning, created_at }) => ({
          content,
          content_warning,
          created_at,
        })),
      };
    },
  );
};
