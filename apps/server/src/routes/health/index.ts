import { healthResponses } from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { namedErrorBody } from '../../http/api-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-response.js';
import { APP_VERSION } from '../../version.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: healthResponses } }, async (request, reply) => {
    // A stale answer would hide an outage from the load balancer.
    reply.header('cache-control', 'no-store');
    try {
      await app.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'Health check failed: the database is unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(namedErrorBody('databaseUnavailable'));
    }
    return { success: true as const, status: 'ok' as const, version: APP_VERSION };
  });
};
