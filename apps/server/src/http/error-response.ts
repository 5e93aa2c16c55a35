import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ErrorBody, type ErrorDetail, errorBody } from './api-error.js';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

const codeForStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

// Fastify's own wording speaks to developers about content types; these speak to people.
const fastifyErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'URI_TOO_LONG',
    message: 'That address is too long',
  },
  FST_ERR_BAD_URL: {
    code: 'BAD_URL',
    message: 'That address is not valid',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This type of request body is not supported',
  },
};

export interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
}

/** Maps anything a handler or Fastify can throw to a status and an error body safe to show. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      body: errorBody(error.code, error.message, error.details),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: ErrorDetail[] = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, error.validationContext),
      message: issue.message ?? 'Invalid value',
    }));
    return {
      statusCode: 400,
      body: errorBody('VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', details),
    };
  }

  const fastifyError = error as Partial<FastifyError>;
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode < 400 || statusCode >= 500) {
    return { statusCode: 500, body: errorBody('INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE) };
  }
  const known = fastifyError.code ? fastifyErrors[fastifyError.code] : undefined;
  return {
    statusCode,
    body: errorBody(
      known?.code ?? codeForStatus[statusCode] ?? 'BAD_REQUEST',
      known?.message ?? fastifyError.message ?? 'Bad request',
    ),
  };
}

// "/bio" → "bio", "/media_urls/2" → "media_urls.2"; a problem with the whole body → "body".
function fieldName(instancePath: string, context: string | undefined) {
  const field = instancePath.split('/').filter(Boolean).join('.');
  return field || context || 'body';
}
