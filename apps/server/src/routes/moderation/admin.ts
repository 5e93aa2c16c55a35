import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  roleBodySchema,
  roleChangeRefusal,
  roleResponse,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, apiError } from '../../http/api-error.js';

/** /api/admin: roles. Admins only; anyone else is refused before the request is read. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.repositories;

  app.addHook('onRequest', async (request) => {
    if (request.member.role !== 'admin') throw apiError('adminOnly');
  });

  app.put(
    '/users/:id/role',
    {
      schema: {
        summary: "Set another member's role (member, moderator or admin)",
        params: userIdParams,
        body: roleBodySchema,
        response: { 200: roleResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404, 409) },
      },
    },
    async (request) => {
      const target = await moderation.findMemberRole({ id: request.params.id });
      if (!target) throw apiError('userNotFound');
      const refusal = roleChangeRefusal(
        { id: request.member.id, role: request.member.role },
        target,
      );
      if (refusal) throw ApiError.from(refusal);
      await moderation.setRole(target.id, request.body.role);
      return {
        success: true as const,
        data: { id: target.id, username: target.username, role: request.body.role },
      };
    },
  );
};
