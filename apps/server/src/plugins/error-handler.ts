import fp from 'fastify-plugin';
import { toErrorResponse } from '../http/error-response.js';

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
      return reply.status(statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);
