import {
  AUTHENTICATED_ERRORS,
  confirmationResponse,
  createdPostResponse,
  describeError,
  type ErrorName,
  editPostBodySchema,
  errorResponses,
  newPostBodySchema,
  newReplyBodySchema,
  parseHashtags,
  parseMentionCandidates,
  postIdParams,
  postResponse,
  scheduledPostCreatedResponse,
} from '@whisp/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, fieldError } from '../../http/api-error.js';
import { scheduleWhisp } from '../scheduled-posts/index.js';
import { checkContent, checkedContentWarning, composeWhisp } from './compose.js';
import { loadPost, postNotFound, replyTarget } from './load.js';

const invalid = (name: Extract<ErrorName, 'idempotencyKeyInvalid'>, field: string) =>
  fieldError(describeError(name), field);

function idempotencyKey(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255) throw invalid('idempotencyKeyInvalid', 'Idempotency-Key');
  return key;
}

export const writeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts } = app.repositories;

  app.post(
    '/',
    {
      schema: {
        summary: 'Post a whisp (send an Idempotency-Key header to retry safely)',
        body: newPostBodySchema,
        response: {
          // With `scheduled_at`, the whisp is stored until its time instead.
          201: z.union([createdPostResponse, scheduledPostCreatedResponse]),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const { scheduled_at: scheduledAt } = request.body;
      if (scheduledAt) {
        return reply
          .status(201)
          .send(
            await scheduleWhisp(app, member.id, { ...request.body, scheduled_at: scheduledAt }),
          );
      }
      const key = idempotencyKey(request);
      const whisp = await composeWhisp(app, member.id, request.body);
      const settings = request.body.reply_settings;
      const { id } = await posts.create({
        authorId: member.id,
        ...whisp,
        canReply: settings?.can_reply,
        canRepost: settings?.can_repost,
        idempotencyKey: key,
      });
      const data = await loadPost(app, member.id, id);
      return reply.status(201).send({ success: true as const, message: 'Whisp posted', data });
    },
  );

  app.post(
    '/:id/reply',
    {
      schema: {
        summary: 'Reply to a whisp (403 when its reply settings exclude you)',
        params: postIdParams,
        body: newReplyBodySchema,
        response: {
          201: createdPostResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const parent = await replyTarget(app, request.params.id, member.id);

      const key = idempotencyKey(request);
      const whisp = await composeWhisp(app, member.id, request.body);
      const { id } = await posts.create({
        authorId: member.id,
        ...whisp,
        // A reply to a reply answers that reply: its author is the one told.
        replyToId: parent.id,
        idempotencyKey: key,
      });
      const data = await loadPost(app, member.id, id);
      return reply.status(201).send({ success: true as const, message: 'Reply posted', data });
    },
  );

  app.post(
    '/:id',
    {
      schema: {
        summary: 'Edit a whisp (its author only)',
        params: postIdParams,
        body: editPostBodySchema,
        response: { 200: postResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404) },
      },
    },
    async (request) => {
      const member = request.member;
      const access = await posts.findAccess(request.params.id);
      if (!access) throw postNotFound();
      if (access.author_id !== member.id) throw apiError('notAuthor');
      const { content } = request.body;
      // A rewhisp's text is an optional comment; any other whisp needs words or media.
      if (!access.rewhisp_of_id) checkContent(content, access.media_keys.length);
      else checkContent(content, 1);
      // Absent means none: an edit that leaves the warning out takes it off.
      const contentWarning = checkedContentWarning(request.body.content_warning);
      await posts.edit(access.id, {
        content,
        contentWarning,
        hashtags: parseHashtags(content),
        mentionCandidates: parseMentionCandidates(content),
      });
      return { success: true as const, data: await loadPost(app, member.id, access.id) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a whisp (its author only); its likes, bookmarks and rewhisps go too',
        params: postIdParams,
        response: {
          200: confirmationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      const access = await posts.findAccess(request.params.id);
      if (!access) throw postNotFound();
      if (access.author_id !== request.member.id) throw apiError('notAuthor');
      await posts.delete(access.id);
      return { success: true as const, message: 'Whisp deleted' };
    },
  );

  // POST /:id/report: with the member reports in ../moderation/reports.ts.
};
