import {
  countCharacters,
  describeError,
  errorMessage,
  SUPPORT_CATEGORIES,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_PRIORITIES,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, fieldError } from '../../http/api-error.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../http/schemas.js';

export const SUPPORT_RECEIVED = 'Thanks! We will get back to you within 24-48 hours.';

// Browser, screen and app version fit in far less; a bound keeps a request from storing megabytes.
const SYSTEM_INFO_MAX_BYTES = 4_000;

const supportBody = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: errorMessage('categoryRequired') }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: errorMessage('priorityRequired') }),
  // Checked in the handler, so that either one missing gives the form's own message.
  subject: z
    .string()
    .max(SUPPORT_SUBJECT_MAX_LENGTH * 10)
    .nullish(),
  description: z
    .string()
    .max(SUPPORT_DESCRIPTION_MAX_LENGTH * 10)
    .nullish(),
  include_system_info: z.boolean().default(false),
  system_info: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .refine(
      (value) => value === undefined || JSON.stringify(value).length <= SYSTEM_INFO_MAX_BYTES,
      errorMessage('systemInfoTooLarge', SYSTEM_INFO_MAX_BYTES),
    ),
});

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    // '' rather than '/': the path is exactly the prefix, as api.md and the OpenAPI document name it.
    '',
    {
      schema: {
        summary: 'Ask the Whisp team for help',
        body: supportBody,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ id: z.string() }),
          }),
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
