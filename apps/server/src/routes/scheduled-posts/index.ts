import {
  AUTHENTICATED_ERRORS,
  confirmationResponse,
  describeError,
  errorResponses,
  type newPostBodySchema,
  SCHEDULED_POSTS_MAX,
  scheduledPostIdParams,
  scheduledPostListResponse,
  scheduledPostPatchBodySchema,
  scheduledPostResponse,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiError, fieldError } from '../../http/api-error.js';
import { SCHEDULED_PUBLISHING_JOB } from '../../jobs/scheduled-publishing.js';
import { checkedScheduledAt, composeScheduled, patchedBody } from './compose.js';
import { toScheduledWhisp } from './shape.js';

const notFound = () => apiError('scheduledPostNotFound');

/**
 * `POST /api/posts` with `scheduled_at` (the branch in ../posts/write.ts): checked as a whisp
 * posted now, then stored until its time; the publishing job (src/jobs/) posts it then.
 */
export async function scheduleWhisp(
  app: FastifyInstance,
  memberId: string,
  body: z.infer<typeof newPostBodySchema> & { scheduled_at: string },
) {
  const fields = await composeScheduled(app, memberId, { ...body, content: body.content ?? '' });
  const scheduledAt = checkedScheduledAt(body.scheduled_at);
  const row = await app.repositories.scheduledPosts.create(
    memberId,
    { ...fields, scheduledAt },
    SCHEDULED_POSTS_MAX,
  );
  if (!row) throw fieldError(describeError('tooManyScheduled'), 'scheduled_at');
  // This instance publishes it on time, and every instance's poll would within a minute anyway.
  app.jobs.kickAt(SCHEDULED_PUBLISHING_JOB, scheduledAt);
  return {
    success: true as const,
    message: 'Whisp scheduled',
    data: toScheduledWhisp(row, row.media_details),
  };
}

/** /api/scheduled-posts: a member's whisps waiting for their time, theirs alone. */
export const scheduledPostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduledPosts } = app.repositories;

  app.get(
    // '' rather than '/': the path is exactly the prefix, as the OpenAPI document names it.
    '',
    {
      schema: {
        summary: 'Your scheduled whisps, soonest first',
        response: { 200: scheduledPostListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const rows = await scheduledPosts.list(request.member.id);
      return {
        success: true as const,
        data: rows.map((row) => toScheduledWhisp(row, row.media_details)),
      };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Change a scheduled whisp: any of its fields, checked as a new one would be',
        params: scheduledPostIdParams,
        body: scheduledPostPatchBodySchema,
        response: {
          200: scheduledPostResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const current = await scheduledPosts.find(memberId, request.params.id);
      if (!current) throw notFound();
      const fields = await composeScheduled(
        app,
        memberId,
        patchedBody(current, request.body),
        current,
      );
      const { scheduled_at: time } = request.body;
      const scheduledAt = time === undefined ? undefined : checkedScheduledAt(time);
      const row = await scheduledPosts.update(memberId, current.id, {
        ...fields,
        ...(scheduledAt && { scheduledAt }),
      });
      // Published (or cancelled) meanwhile: it is no longer there to change.
      if (!row) throw notFound();
      if (scheduledAt) app.jobs.kickAt(SCHEDULED_PUBLISHING_JOB, scheduledAt);
      return { success: true as const, data: toScheduledWhisp(row, row.media_details) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Cancel a scheduled whisp; its media are free to attach again',
        params: scheduledPostIdParams,
        response: {
          200: confirmationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      if (!(await scheduledPosts.delete(request.member.id, request.params.id))) throw notFound();
      return { success: true as const, message: 'Scheduled whisp cancelled' };
    },
  );
};
