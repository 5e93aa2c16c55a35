import { z } from 'zod';

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });

/** The body of every error response: see `ERRORS` for the codes and messages it carries. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
