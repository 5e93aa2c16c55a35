import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  PREFERENCES_SAVED_MESSAGE,
  preferencesChangesSchema,
  preferencesResponse,
  updatedPreferencesResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPreferences } from '../../db/repositories/preferences.js';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;

  app.get(
    '/me/preferences',
    {
      schema: {
        summary: 'Your privacy and preferences (also on GET /api/users/me)',
        response: { 200: preferencesResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      data: readPreferences(request.member.preferences),
    }),
  );

  app.patch(
    '/me/preferences',
    {
      schema: {
        summary: 'Change any of your preferences; the others keep their setting',
        body: preferencesChangesSchema,
        response: { 200: updatedPreferencesResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.updatePreferences(request.member.id, request.body),
      message: PREFERENCES_SAVED_MESSAGE,
    }),
  );
};
