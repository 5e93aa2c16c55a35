import {
  AUTHENTICATED_ERRORS,
  acknowledgedResponse,
  errorResponses,
  notificationIdParams,
  notificationListQuery,
  notificationListResponse,
  updatedCountResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { toNotification } from './mappers.js';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.repositories;

  app.get(
    // '' rather than '/': the path is exactly the prefix, as api.md and the OpenAPI document name it.
    '',
    {
      schema: {
        summary: 'Your notifications, newest first, with how many are unread',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const { limit, before } = request.query;
      const [rows, unreadCount] = await Promise.all([
        notifications.list(memberId, limit, before),
        notifications.unreadCount(memberId),
      ]);
      return {
        success: true as const,
        data: {
          notifications: rows.map((row) => toNotification(row, app.publicUrl)),
          unread_count: unreadCount,
        },
      };
    },
  );

  // Before '/:id/read' in spirit: find-my-way prefers the static segment, so 'read-all' is never
  // taken for an id.
  app.patch(
    '/read-all',
    {
      schema: {
        summary: 'Mark all your notifications read',
        response: {
          200: updatedCountResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { updated: await notifications.markAllRead(request.member.id) },
    }),
  );

  app.patch(
    '/:id/read',
    {
      schema: {
        summary: 'Mark one of your notifications read (anyone else’s is a 404)',
        params: notificationIdParams,
        response: {
          200: acknowledgedResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const found = await notifications.markRead(request.member.id, request.params.id);
      if (!found) throw apiError('notificationNotFound');
      return { success: true as const };
    },
  );
};
