import {
  ACCOUNT_MESSAGES,
  accountConfirmationResponse,
  errorResponses,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../auth/passwords.js';
import { hashSessionToken } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { apiError } from '../../http/api-error.js';

type Options = Pick<Config, 'passwordHashMemoryMiB'>;

/** A forgotten password: open without a session, under /api/auth/password-reset. */
export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { accounts } = app.repositories;

  app.post(
    '/request',
    {
      schema: {
        summary: 'Mail a password reset link to the account with this email, if there is one',
        description: `Always the same answer, in about the same time: it never tells whether an account exists. At most ${PASSWORD_RESET_REQUESTS_PER_EMAIL} requests an hour per email and ${PASSWORD_RESET_REQUESTS_PER_ADDRESS} per client address.`,
        body: passwordResetRequestBodySchema,
        response: { 200: accountConfirmationResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.countPasswordResetRequest(request, reply);
      // Only queued here, the same one insert for any address: looking the member up, making the
      // token and sending happen in the mail worker, outside the time this answer takes.
      await app.mail.queuePasswordReset(request.body.email ?? '');
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    '/confirm',
    {
      schema: {
        summary: 'Set a new password with a reset link’s token; every session of the member ends',
        body: passwordResetConfirmBodySchema,
        response: { 200: accountConfirmationResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const tokenHash = hashSessionToken(request.body.token ?? '');
      // Checked before the (deliberately slow) hash, so unknown tokens cost nothing to refuse.
      if (!request.body.token || !(await accounts.isResetTokenLive(tokenHash))) {
        throw apiError('resetTokenInvalid');
      }
      const passwordHash = await hashPassword(
        request.body.password ?? '',
        options.passwordHashMemoryMiB,
      );
      // Checked again with the change: a link used twice at once works once.
      const userId = await accounts.resetPassword(tokenHash, passwordHash);
      if (!userId) throw apiError('resetTokenInvalid');
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
};
