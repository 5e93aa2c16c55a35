import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ErrorBody, type ErrorDetail, errorBody } from './api-error.js';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unreachable';
/** How long a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// The driver's and the server's ways of saying the database cannot be reached right now: socket
// errors, SQLSTATE class 08 (connection exception) and 57P01-57P03 (shut down, crashed, starting).
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNREACHABLE_SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect)/;

/** True when the request failed because the database is down or restarting, not because of it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SERVER_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return UNREACHABLE_MESSAGES.test(error.message);
}

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

  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: errorBody('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE),
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
