import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  FOLLOW_REQUEST_MESSAGES,
  followRequestDecisionResponse,
  followRequestParams,
  followRequestsResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { toUserSummary } from '../../http/user-shapes.js';

/** /api/users/me/follow-requests: who asked to follow a private member, and their answer. */
export const followRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requests } = app.repositories.follows;

  app.get(
    '/me/follow-requests',
    {
      schema: {
        summary: 'Who asked to follow you, oldest first',
        response: { 200: followRequestsResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const rows = await requests.list(request.member.id);
      return {
        success: true as const,
        data: rows.map((row) => toUserSummary(row, app.publicUrl)),
      };
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    app.post(
      `/me/follow-requests/:userId/${decision}`,
      {
        schema: {
          summary:
            decision === 'accept'
              ? 'Accept a follow request: the member now follows you'
              : 'Decline a follow request',
          params: followRequestParams,
          response: {
            200: followRequestDecisionResponse,
            ...errorResponses(...AUTHENTICATED_ERRORS, 404),
          },
        },
      },
      async (request) => {
        const { userId } = request.params;
        const followersCount = await requests[decision](request.member.id, userId);
        if (followersCount === undefined) throw apiError('followRequestNotFound');
        return {
          success: true as const,
          message: FOLLOW_REQUEST_MESSAGES[decision === 'accept' ? 'accepted' : 'rejected'],
          data: { followers_count: followersCount },
        };
      },
    );
  }
};
