import {
  AUTHENTICATED_ERRORS,
  countCharacters,
  describeError,
  errorResponses,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  supportBodySchema,
  supportResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, fieldError } from '../../http/api-error.js';

export const SUPPORT_RECEIVED = 'Thanks! We will get back to you within 24-48 hours.';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    // '' rather than '/': the path is exactly the prefix, as api.md and the OpenAPI document name it.
    '',
    {
      schema: {
        summary: 'Ask the Whisp team for help',
        body: supportBodySchema,
        response: {
          201: supportResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const subject = body.subject?.trim() ?? '';
      const description = body.description?.trim() ?? '';
      if (!subject || !description) {
        const missing = describeError('missingFields');
        throw ApiError.from(missing, [
          ...(subject ? [] : [{ field: 'subject', message: missing.message }]),
          ...(description ? [] : [{ field: 'description', message: missing.message }]),
        ]);
      }
      if (countCharacters(subject) > SUPPORT_SUBJECT_MAX_LENGTH) {
        throw fieldError(describeError('subjectTooLong'), 'subject');
      }
      if (countCharacters(description) > SUPPORT_DESCRIPTION_MAX_LENGTH) {
        throw fieldError(describeError('descriptionTooLong'), 'description');
      }
      const id = await app.repositories.support.create({
        userId: request.member.id,
        category: body.category,
        priority: body.priority,
        subject,
        description,
        // Only what the member agreed to send.
        systemInfo: body.include_system_info ? body.system_info : undefined,
      });
      return reply
        .status(201)
        .send({ success: true as const, message: SUPPORT_RECEIVED, data: { id } });
    },
  );
};
