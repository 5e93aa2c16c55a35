import { z } from 'zod';
import { ERRORS } from '../errors.js';
import { errorBodySchema } from '../shapes/error-body.js';
import { currentUserSchema } from '../shapes/users.js';
import {
  type RegistrationField,
  VALIDATION_MESSAGES,
  validateLoginPassword,
  validateRegistration,
} from '../validation.js';
import { successTrue } from './common.js';

// /api/auth: sign-up, sign-in and sign-out.

/** POST /api/auth/register. Every field is checked by the form's own rules, all at once. */
export const registerBodySchema = z
  .object({
    email: z.string().optional(),
    password: z.string().optional(),
    username: z.string().optional(),
    display_name: z.string().optional(),
    displayName: z.string().optional().describe('Accepted in place of display_name'),
    bio: z.string().nullable().optional(),
  })
  .transform(({ displayName, ...fields }) => ({
    ...fields,
    display_name: fields.display_name ?? displayName,
  }))
  .superRefine((body, context) => {
    const problems = validateRegistration(body);
    for (const [field, message] of Object.entries(problems)) {
      context.addIssue({ code: 'custom', path: [field as RegistrationField], message });
    }
  });

/** Register's 400 answers, named in the OpenAPI document: a form problem or a reserved name. */
export const registerRefusalSchema = errorBodySchema.describe(
  `${ERRORS.invalidRequest.code}: every problem of the form, by field, in \`details\`. ` +
    `${ERRORS.usernameReserved.code} "${ERRORS.usernameReserved.message}": a name that could ` +
    'pass for the server or its staff, in any case and with any spaces around it.',
);

/** POST /api/auth/login. */
export const loginBodySchema = z
  .object({ email: z.string().optional(), password: z.string().optional() })
  .superRefine((body, context) => {
    // Only presence: a malformed address simply matches nobody, with the same answer as any miss.
    if (!body.email?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: VALIDATION_MESSAGES.emailRequired,
      });
    }
    const password = validateLoginPassword(body.password);
    if (password) context.addIssue({ code: 'custom', path: ['password'], message: password });
  });

/** POST /api/auth/logout. */
export const logoutBodySchema = z
  .object({ token: z.string().optional().describe('Another of your own sessions to end too') })
  .nullish();

/** A new session: register (201) and login (200). */
export const sessionResponseSchema = z.object({
  success: successTrue,
  message: z.string(),
  data: z.object({ token: z.string(), user: currentUserSchema }),
});
