import {
  AUTHENTICATED_ERRORS,
  confirmationResponse,
  errorResponses,
  postIdParams,
  reportBodySchema,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { postNotFound } from '../posts/load.js';

const thanks = { success: true as const, message: 'Thank you for your report' };

/**
 * Reporting a whisp or a member to the moderators (under /api). A second report of the same
 * target while the first is open is answered alike and keeps one report. Reporting needs only
 * that the target exists and is not suspended: someone who blocked a member (or was blocked)
 * may still report them.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation, posts } = app.repositories;

  /** A member of another server's report goes to their server too (federation, when on). */
  const forward = (report: {
    memberId: string;
    postId: string | null;
    reason: string;
    details: string | null;
  }) => app.federatedChanges.report({ kind: 'report.forwarded', ...report });

  app.post(
    '/posts/:id/report',
    {
      schema: {
        summary: 'Report a whisp to the moderators',
        params: postIdParams,
        body: reportBodySchema,
        response: { 201: confirmationResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const access = await posts.findAccess(request.params.id);
      if (!access) throw postNotFound();
      if (!(await moderation.isReportable(access.author_id))) throw postNotFound();
      await moderation.file({
        reporterId: request.member.id,
        target: { type: 'post', postId: access.id, authorId: access.author_id },
        ...request.body,
      });
      if (request.body.forward) {
        forward({ memberId: access.author_id, postId: access.id, ...request.body });
      }
      return reply.status(201).send(thanks);
    },
  );

  app.post(
    '/users/:id/report',
    {
      schema: {
        summary: 'Report a member to the moderators',
        params: userIdParams,
        body: reportBodySchema,
        response: {
          201: confirmationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request, reply) => {
      const memberId = request.params.id;
      if (!(await moderation.isReportable(memberId))) throw apiError('userNotFound');
      if (memberId === request.member.id) throw apiError('cannotReportYourself');
      await moderation.file({
        reporterId: request.member.id,
        target: { type: 'user', userId: memberId },
        ...request.body,
      });
      if (request.body.forward) forward({ memberId, postId: null, ...request.body });
      return reply.status(201).send(thanks);
    },
  );
};
