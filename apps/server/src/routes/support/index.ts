import {
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@whisp/api-client/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../http/schemas.js';
import { visibleLength } from '../../posts/content.js';

export const MISSING_FIELDS = 'Please fill in all required fields';
export const SUBJECT_TOO_LONG = `Subject must be ${SUPPORT_SUBJECT_MAX_LENGTH} characters or less`;
export const DESCRIPTION_TOO_LONG = `Description must be ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters or less`;
export const SUPPORT_RECEIVED = 'Thanks! We will get back to you within 24-48 hours.';

// api.md, "Support requests" (the same lists as the client's models.ts, whose package root the
// server cannot import: it pulls in browser types). The table's check constraint holds them too.
const SUPPORT_CATEGORIES = ['general', 'account', 'bug', 'feature', 'safety', 'other'] as const;
const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

// Browser, screen and app version fit in far less; a bound keeps a request from storing megabytes.
const SYSTEM_INFO_MAX_BYTES = 4_000;

const supportBody = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Please choose a category' }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: 'Please choose a priority' }),
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
      `System information must be at most ${SYSTEM_INFO_MAX_BYTES} bytes`,
    ),
});

const invalid = (message: string, field: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message, [{ field, message }]);

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
        throw new ApiError(400, 'VALIDATION_ERROR', MISSING_FIELDS, [
          ...(subject ? [] : [{ field: 'subject', message: MISSING_FIELDS }]),
          ...(description ? [] : [{ field: 'description', message: MISSING_FIELDS }]),
        ]);
      }
      if (visibleLength(subject) > SUPPORT_SUBJECT_MAX_LENGTH) {
        throw invalid(SUBJECT_TOO_LONG, 'subject');
      }
      if (visibleLength(description) > SUPPORT_DESCRIPTION_MAX_LENGTH) {
        throw invalid(DESCRIPTION_TOO_LONG, 'description');
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
