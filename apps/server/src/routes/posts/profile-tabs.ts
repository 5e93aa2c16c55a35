import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  postListResponse,
  profilePostsQuery,
  profileTabRefusal,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, apiError } from '../../http/api-error.js';
import { toPost } from '../../posts/post-shape.js';

/** GET /api/users/{id}/posts: a profile's tabs. Registered under /api/users. */
export const profileTabRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feeds, users } = app.repositories;

  app.get(
    '/:id/posts',
    {
      schema: {
        summary: 'A member’s whisps, media, rewhisps, or (own profile only) likes and bookmarks',
        params: userIdParams,
        querystring: profilePostsQuery,
        response: { 200: postListResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404) },
      },
    },
    async (request) => {
      const { tab, limit, offset } = request.query;
      const viewerId = request.member.id;
      const user = await users.findById(request.params.id);
      if (!user) throw apiError('userNotFound');
      const standing = await app.repositories.safety.standing(viewerId, [user.id]);
      if (standing.suspended || standing.blocked) throw apiError('userNotFound');
      if (standing.protected) throw apiError('privateAccount');
      const refusal = profileTabRefusal(tab, user.id, viewerId);
      if (refusal) throw ApiError.from(refusal);
      const page = await feeds.profileTab(
        viewerId,
        user.id,
        tab,
        limit,
        offset,
        request.member.filters,
      );
      return {
        success: true as const,
        posts: page.posts.map((post) => toPost(post, app.publicUrl)),
        has_more: page.hasMore,
      };
    },
  );
};
