import {
  AUTHENTICATED_ERRORS,
  conversationIdParams,
  conversationListQuery,
  conversationListResponse,
  conversationResponse,
  directMessageResponse,
  errorResponses,
  markMessagesReadBodySchema,
  messageListQuery,
  messageListResponse,
  sendMessageBodySchema,
  startConversationParams,
  unreadMessageCountResponse,
  updatedCountResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPreferences } from '../../db/repositories/preferences.js';
import { apiError } from '../../http/api-error.js';
import { toConversation, toMessage } from './mappers.js';
import { checkMessageContent, messageRecipient } from './recipient.js';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations, messages } = app.repositories;

  const otherMember = (memberId: string, otherId: string, field: string) =>
    messageRecipient(app, memberId, otherId, field);

  app.post(
    '/start/:userId',
    {
      schema: {
        summary: 'Open the conversation with a member (the same one whoever starts it)',
        params: startConversationParams,
        response: {
          200: conversationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      const other = await otherMember(request.member.id, request.params.userId, 'userId');
      const row = await conversations.start(request.member.id, other.id);
      return { success: true as const, data: toConversation(row) };
    },
  );

  app.post(
    // '' rather than '/': the path is exactly the prefix, as api.md and the OpenAPI document name it.
    '',
    {
      schema: {
        summary: 'Send a direct message',
        body: sendMessageBodySchema,
        response: {
          201: directMessageResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const { recipient_id: recipientId, content } = request.body;
      checkMessageContent(content);
      const recipient = await otherMember(memberId, recipientId, 'recipient_id');
      const row = await messages.send(memberId, recipient.id, content);
      return reply.status(201).send({ success: true as const, data: toMessage(row, memberId) });
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        summary: 'Your conversations, most recent first, with your unread count in each',
        querystring: conversationListQuery,
        response: {
          200: conversationListResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const rows = await conversations.list(request.member.id, limit, (page - 1) * limit);
      return { success: true as const, data: rows.map(toConversation) };
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'A conversation’s messages, oldest first (participants only: 404 otherwise)',
        params: conversationIdParams,
        querystring: messageListQuery,
        response: {
          200: messageListResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      const conversation = await conversations.findForParticipant(
        request.member.id,
        request.params.id,
      );
      // Someone else's conversation does not exist for you.
      if (!conversation) throw apiError('conversationNotFound');
      const { page, limit } = request.query;
      const rows = await messages.list(conversation.id, limit, (page - 1) * limit);
      return { success: true as const, data: rows.map((row) => toMessage(row, request.member.id)) };
    },
  );

  app.patch(
    '/read',
    {
      schema: {
        summary: 'Mark messages read (only those sent to you change)',
        body: markMessagesReadBodySchema,
        response: {
          200: updatedCountResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        updated: await messages.markRead(
          request.member.id,
          request.body.message_ids,
          readPreferences(request.member.preferences).read_receipts,
        ),
      },
    }),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        summary: 'How many messages sent to you are unread',
        response: {
          200: unreadMessageCountResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { unread_count: await messages.unreadCount(request.member.id) },
    }),
  );
};
