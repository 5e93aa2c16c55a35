import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  hashtagParams,
  hashtagQuery,
  hashtagResponse,
  normaliseHashtag,
  SEARCH_USERS_SHOWN,
  searchQuery,
  searchResponse,
  validateEmail,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUserSummary } from '../../http/user-shapes.js';
import { toPost } from '../../posts/post-shape.js';

/** /api/search: whisps by full-text search, members by name, whisps by hashtag. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, users } = app.repositories;

  app.get(
    '/',
    {
      schema: {
        summary: 'Whisps (ranked full-text, prefixes match) and members (by username or name)',
        querystring: searchQuery,
        response: {
          200: searchResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const viewerId = request.member.id;
      const { filters } = request.member;
      // An address finds only the member who has it and chose to be found by it; it is never
      // read as the start of a username or a name, so search tells nothing about other emails.
      const isEmailAddress = validateEmail(q) === undefined;
      const [posts, userRows] = await Promise.all([
        search.posts(viewerId, q, limit, filters),
        isEmailAddress
          ? users.findDiscoverableByEmail(viewerId, q)
          : search.users(viewerId, q, SEARCH_USERS_SHOWN),
      ]);
      return {
        success: true as const,
        data: {
          posts: posts.map((post) => toPost(post, app.publicUrl)),
          users: userRows.map((row) => ({
            ...toUserSummary(row, app.publicUrl),
            bio: row.bio,
            posts_count: Number(row.posts_count),
            followers_count: Number(row.followers_count),
            is_following: Boolean(row.is_following),
          })),
        },
      };
    },
  );

  app.get(
    '/hashtag/:tag',
    {
      schema: {
        summary: 'Whisps with a hashtag (without #), newest first, and how many there are',
        params: hashtagParams,
        querystring: hashtagQuery,
        response: {
          200: hashtagResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const hashtag = normaliseHashtag(request.params.tag);
      const { limit, offset } = request.query;
      const viewerId = request.member.id;
      const { filters } = request.member;
      const { posts, postCount } = await search.hashtag(viewerId, hashtag, limit, offset, filters);
      return {
        success: true as const,
        data: {
          hashtag,
          post_count: postCount,
          posts: posts.map((post) => toPost(post, app.publicUrl)),
        },
      };
    },
  );
};
