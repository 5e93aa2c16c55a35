import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  instanceHostParams,
  instancePolicyBodySchema,
  moderationInstanceResponse,
  moderationInstancesResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InstanceRow } from '../../db/repositories/instances.js';
import { apiError } from '../../http/api-error.js';

const toInstance = (row: InstanceRow) => ({
  host: row.host,
  members: row.members,
  policy: row.policy,
  reason: row.reason,
  since: row.since?.toISOString() ?? null,
});

/**
 * /api/moderation/instances: other servers, and the silence or suspension moderators set on them.
 * Registered inside moderationRoutes, whose hook refuses anyone but moderators and admins (403)
 * before the request is read.
 */
export const instanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { instances } = app.repositories;

  app.get(
    '/instances',
    {
      schema: {
        summary: 'Servers whose members are known here, and servers with a policy, by host',
        response: {
          200: moderationInstancesResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403),
        },
      },
    },
    async () => ({ success: true as const, data: (await instances.list()).map(toInstance) }),
  );

  app.put(
    '/instances/:host',
    {
      schema: {
        summary: 'Silence or suspend a server, replacing the policy in force',
        params: instanceHostParams,
        body: instancePolicyBodySchema,
        response: {
          200: moderationInstanceResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403),
        },
      },
    },
    async (request) => {
      const { policy, reason } = request.body;
      const row = await instances.set(request.params.host, policy, reason, request.member.id);
      return { success: true as const, data: toInstance(row) };
    },
  );

  app.delete(
    '/instances/:host',
    {
      schema: {
        summary: 'Lift the silence or suspension of a server',
        params: instanceHostParams,
        response: {
          200: moderationInstanceResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      const { host } = request.params;
      if (!(await instances.lift(host))) throw apiError('instancePolicyNotFound');
      return { success: true as const, data: toInstance(await instances.find(host)) };
    },
  );
};
