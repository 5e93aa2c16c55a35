import {
  type RegistrationField,
  VALIDATION_MESSAGES,
  validateLoginPassword,
  validateRegistration,
} from '@whisp/api-client/contract';
import { z } from 'zod';
import { currentUserSchema } from '../../http/user-shapes.js';

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

export const logoutBodySchema = z
  .object({ token: z.string().optional().describe('Another of your own sessions to end too') })
  .nullish();

export const sessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), user: currentUserSchema }),
});

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
