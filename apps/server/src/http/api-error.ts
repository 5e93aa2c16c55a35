import { z } from 'zod';

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });

/** The body of every error response (api.md, Conventions). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return details ? { success: false, message, code, details } : { success: false, message, code };
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
}
