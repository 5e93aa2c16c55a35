import {
  AUTHENTICATED_ERRORS,
  bookmarkStateResponse,
  contentErrorName,
  describeError,
  errorResponses,
  parseHashtags,
  postIdParams,
  postResponse,
  rewhispBodySchema,
  rewhispRefusal,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, fieldError } from '../../http/api-error.js';
import { findTarget, loadPost } from './load.js';

const errors = errorResponses(...AUTHENTICATED_ERRORS, 403, 404);

/** Like, rewhisp and bookmark with their undo: each idempotent, answering with the new state. */
export const interactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { interactions } = app.repositories;

  for (const liked of [true, false]) {
    app.post(
      `/:id/${liked ? 'like' : 'unlike'}`,
      {
        schema: {
          summary: liked ? 'Like a whisp (twice is once)' : 'Take back a like',
          params: postIdParams,
          response: { 200: postResponse, ...errors },
        },
      },
      async (request) => {
        const memberId = request.member.id;
        const target = await findTarget(app, request.params.id, memberId, 'act');
        if (liked) await interactions.like(memberId, target.id);
        else await interactions.unlike(memberId, target.id);
        return { success: true as const, data: await loadPost(app, memberId, target.id) };
      },
    );
  }

  app.post(
    '/:id/rewhisp',
    {
      schema: {
        summary: 'Rewhisp a whisp, with an optional comment (twice leaves one rewhisp)',
        params: postIdParams,
        body: rewhispBodySchema,
        response: { 200: postResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const target = await findTarget(app, request.params.id, memberId, 'act');
      const refusal = rewhispRefusal(target, memberId);
      if (refusal) throw ApiError.from(refusal);
      const comment = request.body?.comment ?? '';
      const problem = comment ? contentErrorName(comment, 0) : undefined;
      if (problem) throw fieldError(describeError(problem), 'comment');
      await interactions.rewhisp(memberId, target.id, comment, parseHashtags(comment));
      return { success: true as const, data: await loadPost(app, memberId, target.id) };
    },
  );

  app.post(
    '/:id/unrewhisp',
    {
      schema: {
        summary: 'Take back a rewhisp',
        params: postIdParams,
        response: { 200: postResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const target = await findTarget(app, request.params.id, memberId, 'act');
      await interactions.unrewhisp(memberId, target.id);
      return { success: true as const, data: await loadPost(app, memberId, target.id) };
    },
  );

  for (const bookmarked of [true, false]) {
    app.post(
      `/:id/${bookmarked ? 'bookmark' : 'unbookmark'}`,
      {
        schema: {
          summary: bookmarked ? 'Bookmark a whisp' : 'Remove a bookmark',
          params: postIdParams,
          response: { 200: bookmarkStateResponse, ...errors },
        },
      },
      async (request) => {
        const memberId = request.member.id;
        const target = await findTarget(app, request.params.id, memberId, 'act');
        if (bookmarked) await interactions.bookmark(memberId, target.id);
        else await interactions.unbookmark(memberId, target.id);
        return {
          success: true as const,
          message: bookmarked ? 'Bookmarked' : 'Bookmark removed',
          data: { is_bookmarked: bookmarked },
        };
      },
    );
  }
};
