import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  parseAcct,
  profileResponse,
  suggestedUsersQuery,
  suggestedUsersResponse,
  userIdParams,
  usernameParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { toProfile, toSuggestedUser } from '../../http/user-shapes.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;
  const ownHost = new URL(app.publicUrl).host.toLowerCase();

  app.get(
    '/suggested',
    {
      schema: {
        summary: 'Members worth following (never yourself or people you follow)',
        querystring: suggestedUsersQuery,
        response: { 200: suggestedUsersResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const rows = await users.suggestions(request.member.id, request.query.limit);
      return {
        success: true as const,
        data: rows.map((row) => toSuggestedUser(row, app.publicUrl)),
      };
    },
  );

  app.get(
    '/profile/:username',
    {
      schema: {
        summary:
          'A member’s profile by username (any case): `username` here, `username@host` for a member of another server',
        params: usernameParams,
        response: { 200: profileResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      const acct = parseAcct(request.params.username);
      if (!acct) throw apiError('userNotFound');
      // `alice@this-server` is the local alice, as a handle copied from elsewhere reads.
      const host = acct.host === ownHost ? null : acct.host;
      const row = await users.findProfile(request.member.id, { username: acct.username, host });
      if (!row) throw apiError('userNotFound');
      return { success: true as const, data: toProfile(row, app.publicUrl) };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'A member’s profile by id',
        params: userIdParams,
        response: { 200: profileResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      const row = await users.findProfile(request.member.id, { id: request.params.id });
      if (!row) throw apiError('userNotFound');
      return { success: true as const, data: toProfile(row, app.publicUrl) };
    },
  );
};
