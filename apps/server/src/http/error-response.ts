import {
  CODE_FOR_STATUS,
  describeError,
  type FixedErrorName,
  type RequestPart,
  validationErrorBodyFromProblems,
} from '@whisp/api-client/contract';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ErrorBody, errorBody, namedErrorBody } from './api-error.js';

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

// Fastify's own wording speaks to developers about content types; these speak to people.
const fastifyErrors: Record<string, FixedErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_MAX_PARAM_LENGTH: 'addressTooLong',
  FST_ERR_BAD_URL: 'addressInvalid',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'bodyTypeUnsupported',
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
    const problems = error.validation.map((issue) => ({
      location: issue.instancePath,
      message: issue.message,
    }));
    const part = error.validationContext as RequestPart | undefined;
    return { statusCode: 400, body: validationErrorBodyFromProblems(problems, part) };
  }

  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, body: namedErrorBody('databaseUnavailable') };
  }

  const fastifyError = error as Partial<FastifyError>;
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode < 400 || statusCode >= 500) {
    return { statusCode: 500, body: namedErrorBody('internal') };
  }
  const name = fastifyError.code ? fastifyErrors[fastifyError.code] : undefined;
  const known = name ? describeError(name) : undefined;
  const fallback = describeError('badRequest');
  return {
    statusCode,
    body: errorBody(
      known?.code ?? CODE_FOR_STATUS[statusCode] ?? fallback.code,
      known?.message ?? fastifyError.message ?? fallback.message,
    ),
  };
}
