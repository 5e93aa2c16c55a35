import {
  ACCOUNT_MESSAGES,
  AUTHENTICATED_ERRORS,
  accountConfirmationResponse,
  changePasswordBodySchema,
  errorResponses,
  sessionIdParams,
  sessionListResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { hashSessionToken } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { apiError } from '../../http/api-error.js';

type Options = Pick<Config, 'passwordHashMemoryMiB'>;

/** The signed-in member's password and sessions, under /api/users/me. */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { accounts, sessions } = app.repositories;

  app.post(
    '/password',
    {
      schema: {
        summary: 'Change your password; every other session ends, this one stays',
        body: changePasswordBodySchema,
        response: { 200: accountConfirmationResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const member = request.member;
      await app.wrongPasswordLimiter.assertAllowed(request, reply);
      const storedHash = await accounts.passwordHashOf(member.id);
      // A member who signed up with a provider has no password to give: they set one through a
      // reset link (and can sign in with the provider meanwhile).
      const valid =
        typeof storedHash === 'string' &&
        (await verifyPassword(request.body.current_password ?? '', storedHash));
      if (!valid) {
        await app.wrongPasswordLimiter.recordFailure(request);
        throw apiError('wrongPassword');
      }
      const passwordHash = await hashPassword(
        request.body.new_password ?? '',
        options.passwordHashMemoryMiB,
      );
      await accounts.changePassword(
        member.id,
        passwordHash,
        hashSessionToken(request.sessionToken),
      );
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
