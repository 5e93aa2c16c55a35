import {
  describeError,
  type ErrorArguments,
  type ErrorDescription,
  type ErrorName,
  type errorBodySchema,
  type errorDetailSchema,
} from '@whisp/api-client/contract';
import type { z } from 'zod';

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return details ? { success: false, message, code, details } : { success: false, message, code };
}

/** The body of a named failure of the contract's catalogue. */
export function namedErrorBody<Name extends ErrorName>(
  name: Name,
  ...args: ErrorArguments<Name>
): ErrorBody {
  const { code, message } = describeError(name, ...args);
  return errorBody(code, message);
}

/** Thrown by handlers for an expected failure; the error handler turns it into its response. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }

  static from({ status, code, message }: ErrorDescription, details?: ErrorDetail[]): ApiError {
    return new ApiError(status, code, message, details);
  }
}

/** A failure of the contract's catalogue, by name: `throw apiError('userNotFound')`. */
export function apiError<Name extends ErrorName>(name: Name, ...args: ErrorArguments<Name>) {
  return ApiError.from(describeError(name, ...args));
}

/**
 * A 400 about one field, with the field named in `details` as schema failures are, so a form can
 * show the message beside it.
 */
export function fieldError(description: ErrorDescription, field: string) {
  return ApiError.from(description, [{ field, message: description.message }]);
}
