import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  feedQuery,
  feedResponse,
  PUBLIC_POSTS_LIMIT_MAX,
  postIdParams,
  postListResponse,
  postResponse,
  repliesQuery,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedViewer } from '../../db/repositories/feeds.js';
import type { SignedInMember } from '../../db/repositories/users.js';
import {
  decodeCursor,
  encodeCursor,
  rankCursorSchema,
  timeCursorSchema,
} from '../../posts/cursor.js';
import { toPost } from '../../posts/post-shape.js';
import { findTarget, loadPost } from './load.js';

// The filters come with the sign-in (users.ts, SignedInMember): a feed page is one statement.
export const feedViewer = (member: SignedInMember): FeedViewer => ({
  id: member.id,
  followingCount: member.following_count,
  filters: member.filters,
});

export const readRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts, feeds } = app.repositories;

  app.get(
    '/following',
    {
      schema: {
        summary: 'Own and followed members’ whisps and rewhisps, newest first',
        querystring: feedQuery(),
        response: { 200: feedResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { page, limit, cursor } = request.query;
      const after = decodeCursor(cursor, timeCursorSchema);
      const result = await feeds.following(feedViewer(request.member), {
        limit,
        offset: (page - 1) * limit,
        after,
      });
      return {
        success: true as const,
        posts: result.posts.map((post) => toPost(post, app.publicUrl)),
        next_cursor: result.next ? encodeCursor(result.next) : null,
      };
    },
  );

  app.get(
    '/public',
    {
      schema: {
        summary: 'Everyone’s newest whisps',
        querystring: feedQuery(PUBLIC_POSTS_LIMIT_MAX),
        response: { 200: feedResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { page, limit, cursor } = request.query;
      const after = decodeCursor(cursor, timeCursorSchema);
      const result = await feeds.public(
        request.member.id,
        { limit, offset: (page - 1) * limit, after },
        request.member.filters,
      );
      return {
        success: true as const,
        posts: result.posts.map((post) => toPost(post, app.publicUrl)),
        next_cursor: result.next ? encodeCursor(result.next) : null,
      };
    },
  );

  app.get(
    '/timeline',
    {
      schema: {
        summary: 'For you: own, followed and well-liked recent whisps, ranked',
        querystring: feedQuery(),
        response: { 200: feedResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { page, limit, cursor } = request.query;
      const after = decodeCursor(cursor, rankCursorSchema);
      const result = await feeds.timeline(
        feedViewer(request.member),
        { limit, offset: (page - 1) * limit, after },
        new Date(),
      );
      return {
        success: true as const,
        posts: result.posts.map((post) => toPost(post, app.publicUrl)),
        next_cursor: result.next ? encodeCursor(result.next) : null,
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'One whisp',
        params: postIdParams,
        response: { 200: postResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await loadPost(app, request.member.id, request.params.id),
    }),
  );

  app.get(
    '/:id/replies',
    {
      schema: {
        summary: 'Replies to a whisp, oldest first',
        params: postIdParams,
        querystring: repliesQuery,
        response: { 200: postListResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const parent = await findTarget(app, request.params.id, request.member.id, 'read');
      // Replies by members blocked either way, or suspended, are left out of the list.
      const replies = await posts.replies(request.member.id, parent.id, limit, offset);
      return {
        success: true as const,
        posts: replies.posts.map((post) => toPost(post, app.publicUrl)),
        has_more: replies.hasMore,
      };
    },
  );
};
