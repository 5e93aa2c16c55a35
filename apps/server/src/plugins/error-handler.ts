import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, toErrorResponse } from '../http/error-response.js';

/** Every error leaves in the shape of api.md; details of server faults go to the log only. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const { statusCode, body } = toErrorResponse(error);
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'Request failed');
      } else {
        request.log.info({ code: body.code, statusCode }, body.message);
      }
      // A load balancer or client may retry elsewhere or later; the outage is not the request's fault.
      if (body.code === 'DATABASE_UNAVAILABLE') {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
      return reply.status(statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);
