import { normaliseHashtag, PAGE_SIZE, SEARCH_USERS_SHOWN } from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  limitParameter,
  offsetParameter,
} from '../../http/schemas.js';
import { mediaUrl, userSummarySchema } from '../../http/user-shapes.js';
import { postSchema, toPost } from '../../posts/post-shape.js';

const searchUserSchema = userSummarySchema.extend({
  bio: z.string().nullable(),
  posts_count: z.number().int(),
  followers_count: z.number().int(),
  is_following: z.boolean(),
});

/** /api/search: whisps by full-text search, members by name, whisps by hashtag. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.repositories;

  app.get(
    '/',
    {
      schema: {
        summary: 'Whisps (ranked full-text, prefixes match) and members (by username or name)',
        querystring: z.object({
          q: z.string().max(200).default(''),
          limit: limitParameter(PAGE_SIZE),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ posts: z.array(postSchema), users: z.array(searchUserSchema) }),
          }),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const viewerId = request.member.id;
      const [posts, userRows] = await Promise.all([
        search.posts(viewerId, q, limit),
        search.users(viewerId, q, SEARCH_USERS_SHOWN),
      ]);
      return {
        success: true as const,
        data: {
          posts: posts.map(toPost),
          users: userRows.map((row) => ({
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            avatar: mediaUrl(row.avatar_key),
            is_verified: row.is_verified,
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
        params: z.object({ tag: z.string().max(200) }),
        querystring: z.object({ limit: limitParameter(PAGE_SIZE), offset: offsetParameter }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              hashtag: z.string(),
              post_count: z.number().int(),
              posts: z.array(postSchema),
            }),
          }),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const hashtag = normaliseHashtag(request.params.tag);
      const { limit, offset } = request.query;
      const { posts, postCount } = await search.hashtag(request.member.id, hashtag, limit, offset);
      return {
        success: true as const,
        data: {
          hashtag,
          post_count: postCount,
          posts: posts.map(toPost),
        },
      };
    },
  );
};
