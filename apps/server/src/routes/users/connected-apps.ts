import {
  AUTHENTICATED_ERRORS,
  CONNECTED_APP_MESSAGES,
  connectedAppParams,
  connectedAppRevokeResponse,
  connectedAppsResponse,
  errorResponses,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';

/** Settings' "Connected apps": the Mastodon apps holding a token of the member's, and revoking. */
export const connectedAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauthGrants } = app.repositories;

  app.get(
    '/me/apps',
    {
      schema: {
        summary: 'The apps you authorized that can still use your account',
        response: { 200: connectedAppsResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const apps = await oauthGrants.connectedApps(request.member.id);
      return {
        success: true as const,
        data: apps.map((connected) => ({
          ...connected,
          authorized_at: connected.authorized_at.toISOString(),
          last_used_at: connected.last_used_at.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/me/apps/:id',
    {
      schema: {
        summary: 'Revoke an app: every token it holds of yours stops working at once',
        params: connectedAppParams,
        response: {
          200: connectedAppRevokeResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const name = await oauthGrants.revokeApp(request.member.id, request.params.id);
      if (name === undefined) throw apiError('connectedAppNotFound');
      return { success: true as const, message: CONNECTED_APP_MESSAGES.revoked(name) };
    },
  );
};
