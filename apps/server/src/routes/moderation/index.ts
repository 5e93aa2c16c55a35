import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  isStaff,
  moderationLogResponse,
  moderationReportsQuery,
  moderationReportsResponse,
  reportIdParams,
  resolvedReportResponse,
  resolveReportBodySchema,
  suspensionResponse,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { instanceRoutes } from './instances.js';
import { toModerationLogEntry, toModerationReports } from './shapes.js';

/**
 * /api/moderation: the report queue, resolving reports, the log, lifting suspensions and other
 * servers' policies (instances.ts). For moderators and admins; a member is refused (403) before
 * anything of the request is read, so nobody learns from it whether a report or a member exists.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.repositories;

  app.addHook('onRequest', async (request) => {
    if (!isStaff(request.member.role)) throw apiError('forbidden');
  });
  // Registered after the hook, so that it guards these routes too.
  await app.register(instanceRoutes);

  const moderator = ({ member }: FastifyRequest) => ({ id: member.id, role: member.role });

  app.get(
    '/reports',
    {
      schema: {
        summary: 'The reports: open ones oldest first (the queue), or resolved ones',
        querystring: moderationReportsQuery,
        response: {
          200: moderationReportsResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403),
        },
      },
    },
    async (request) => {
      const rows = await moderation.list(request.query.status);
      return {
        success: true as const,
        data: await toModerationReports(app, request.member.id, rows),
      };
    },
  );

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        summary: 'Resolve a report: dismiss it, remove the whisp or suspend the member',
        params: reportIdParams,
        body: resolveReportBodySchema,
        response: {
          200: resolvedReportResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { action, note } = request.body;
      await moderation.resolve({
        reportId: request.params.id,
        moderator: moderator(request),
        action,
        note,
      });
      const row = await moderation.findReport(request.params.id);
      if (!row) throw apiError('reportNotFound');
      const [report] = await toModerationReports(app, request.member.id, [row]);
      return { success: true as const, data: report as NonNullable<typeof report> };
    },
  );

  app.get(
    '/log',
    {
      schema: {
        summary: 'Every moderation action taken, newest first',
        response: { 200: moderationLogResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403) },
      },
    },
    async () => ({
      success: true as const,
      data: (await moderation.log()).map((row) => toModerationLogEntry(row, app.publicUrl)),
    }),
  );

  app.post(
    '/users/:id/unsuspend',
    {
      schema: {
        summary: "Lift a member's suspension: their profile, whisps and sign-in come back",
        params: userIdParams,
        response: { 200: suspensionResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404) },
      },
    },
    async (request) => {
      const found = await moderation.unsuspend(moderator(request), request.params.id);
      if (!found) throw apiError('userNotFound');
      return { success: true as const, data: { id: request.params.id, suspended: false } };
    },
  );
};
