import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, namedErrorBody } from '../../http/api-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-response.js';
import { APP_VERSION } from '../../version.js';

const healthyBodySchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthyBodySchema, 503: errorBodySchema } } },
    async (request, reply) => {
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
    },
  );
};
