import {
  ACCOUNT_MESSAGES,
  AUTHENTICATED_ERRORS,
  accountConfirmationResponse,
  changePasswordBodySchema,
  describeError,
  errorResponses,
  sessionIdParams,
  sessionListResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { hashSessionToken } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { apiError, fieldError } from '../../http/api-error.js';

type Options = Pick<Config, 'passwordHashMemoryMiB'>;

/** The signed-in member's password and sessions, under /api/users/me. */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { accounts, sessions } = app.repositories;

  app.post(
    '/password',
    {
      schema: {
        summary: 'Change your password, or set one; every other session ends, this one stays',
        description:
          'A member who signed up with another account and has no password (has_password ' +
          'false) sets one without current_password: the signed-in session is the proof. One ' +
          'who has a password gives it (400 WRONG_PASSWORD when it is not right).',
        body: changePasswordBodySchema,
        response: { 200: accountConfirmationResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const { current_password: currentPassword, new_password: newPassword } = request.body;
      const storedHash = await accounts.passwordHashOf(member.id);
      const hasPassword = typeof storedHash === 'string';
      if (hasPassword && !currentPassword) {
        throw fieldError(describeError('currentPasswordRequired'), 'current_password');
      }
      await app.wrongPasswordLimiter.assertAllowed(request, reply);
      // A password given must be the member's, even by one who has none: it cannot be right.
      const valid = hasPassword
        ? await verifyPassword(currentPassword ?? '', storedHash)
        : !currentPassword;
      if (!valid) {
        await app.wrongPasswordLimiter.recordFailure(request);
        throw apiError('wrongPassword');
      }
      const passwordHash = await hashPassword(newPassword ?? '', options.passwordHashMemoryMiB);
      const keepTokenHash = hashSessionToken(request.sessionToken);
      if (hasPassword) {
        await accounts.changePassword(member.id, passwordHash, keepTokenHash);
      } else if (!(await accounts.setFirstPassword(member.id, passwordHash, keepTokenHash))) {
        // A reset link (or another tab) set one meanwhile: that one must be given now.
        throw apiError('wrongPassword');
      }
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        summary: 'Where you are signed in, newest first; `current` is this session',
        response: { 200: sessionListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const currentHash = hashSessionToken(request.sessionToken);
      const rows = await sessions.listLive(request.member.id);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          created_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at.toISOString(),
          user_agent: row.user_agent,
          current: row.token_hash === currentHash,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        summary: 'End one of your sessions: its token stops working at once, on every instance',
        params: sessionIdParams,
        response: {
          200: accountConfirmationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const ended = await sessions.revokeById(request.member.id, request.params.id);
      if (!ended) throw apiError('sessionNotFound');
      return { success: true as const, message: ACCOUNT_MESSAGES.sessionEnded };
    },
  );
};
