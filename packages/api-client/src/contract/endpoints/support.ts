import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../choices.js';
import { errorMessage } from '../errors.js';
import { SUPPORT_DESCRIPTION_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '../limits.js';
import { successTrue } from './common.js';

// POST /api/support.

// Browser, screen and app version fit in far less; a bound keeps a request from storing megabytes.
const SYSTEM_INFO_MAX_BYTES = 4_000;

export const supportBodySchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: errorMessage('categoryRequired') }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: errorMessage('priorityRequired') }),
  // Checked by the server after trimming, so that either one missing gives the form's own message.
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

export const supportResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: z.object({ id: z.string() }),
});
