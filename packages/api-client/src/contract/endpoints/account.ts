import { z } from 'zod';
import { accountSessionSchema } from '../shapes/account.js';
import { validateEmail, validateNewPassword } from '../validation.js';
import { confirmationResponse, dataResponse } from './common.js';

// The member's account: password reset (/api/auth/password-reset), password change and sessions
// (/api/users/me).

/** The sentences of successful answers, word for word as members read them. */
export const ACCOUNT_MESSAGES = {
  // The same whether or not an account has that email: the answer must not tell them apart.
  passwordResetRequested:
    'If an account exists for that email, we sent a link to reset its password.',
  passwordReset: 'Your password has been reset. Please sign in.',
  passwordChanged: 'Your password has been changed.',
  sessionEnded: 'Session ended',
} as const;

/** The reset mail's subject, and the app page its link opens (`?token=` follows). */
export const PASSWORD_RESET_MAIL_SUBJECT = 'Reset your Whisp password';
export const PASSWORD_RESET_PAGE_PATH = '/reset-password';

/** POST /api/auth/password-reset/request. */
export const passwordResetRequestBodySchema = z
  .object({ email: z.string().optional() })
  .superRefine((body, context) => {
    const email = validateEmail(body.email);
    if (email) context.addIssue({ code: 'custom', path: ['email'], message: email });
  });

/**
 * POST /api/auth/password-reset/confirm. The new password follows the sign-up rules; the token is
 * checked by the server (a missing one is as invalid as an unknown one).
 */
export const passwordResetConfirmBodySchema = z
  .object({
    token: z.string().optional().describe('The token of the reset link'),
    password: z.string().optional().describe('The new password'),
  })
  .superRefine((body, context) => {
    const password = validateNewPassword(body.password);
    if (password) context.addIssue({ code: 'custom', path: ['password'], message: password });
  });

/**
 * POST /api/users/me/password. Whether `current_password` is needed depends on the member, which
 * no schema knows: the handler asks for it (400 VALIDATION_ERROR) when they have a password.
 */
export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string()
      .optional()
      .describe(
        'Your current password. Leave it out when you have none (you signed up with another ' +
          'account and has_password is false): the signed-in session is the proof then.',
      ),
    new_password: z.string().optional().describe('The new password (the sign-up rules apply)'),
  })
  .superRefine((body, context) => {
    const password = validateNewPassword(body.new_password);
    if (password) context.addIssue({ code: 'custom', path: ['new_password'], message: password });
  });

/** Request, confirm, change and end a session all answer with a sentence only. */
export const accountConfirmationResponse = confirmationResponse;

/** GET /api/users/me/sessions: newest first. */
export const sessionListResponse = dataResponse(z.array(accountSessionSchema));

/** DELETE /api/users/me/sessions/{id}. */
export const sessionIdParams = z.object({ id: z.string().describe('A session id') });
