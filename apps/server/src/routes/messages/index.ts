import {
  CONVERSATIONS_PAGE_LIMIT,
  countCharacters,
  describeError,
  type ErrorName,
  LIST_LIMIT_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_LIMIT,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, fieldError } from '../../http/api-error.js';
import { AUTHENTICATED_ERRORS, errorResponses, limitParameter } from '../../http/schemas.js';
import { conversationSchema, messageSchema, toConversation, toMessage } from './schemas.js';

const pageParameter = z.coerce
  .number()
  .int()
  .optional()
  .transform((value) => Math.max(1, value ?? 1))
  .describe('Page number, from 1');

const success = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

const invalid = (
  name: Extract<ErrorName, 'emptyMessage' | 'messageTooLong' | 'messageYourself'>,
  field: string,
) => fieldError(describeError(name), field);

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, conversations, messages } = app.repositories;

  /** The other member of a conversation: they must exist, and not be you. */
  async function otherMember(memberId: string, otherId: string, field: string) {
    if (otherId === memberId) throw invalid('messageYourself', field);
    const other = await users.findById(otherId);
    if (!other) throw apiError('userNotFound');
    return other;
  }

  app.post(
    '/start/:userId',
    {
      schema: {
        summary: 'Open the conversation with a member (the same one whoever starts it)',
        params: z.object({ userId: z.string().describe('A member id') }),
        response: {
          200: success(conversationSchema),
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
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
        body: z.object({
          recipient_id: z.string().max(100),
          // A generous bound before the real count, so a huge body is refused before counting.
          content: z.string().max(MESSAGE_MAX_LENGTH * 20),
        }),
        response: { 201: success(messageSchema), ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const { recipient_id: recipientId, content } = request.body;
      if (content.trim() === '') throw invalid('emptyMessage', 'content');
      if (countCharacters(content) > MESSAGE_MAX_LENGTH) throw invalid('messageTooLong', 'content');
      const recipient = await otherMember(memberId, recipientId, 'recipient_id');
      const row = await messages.send(memberId, recipient.id, content);
      return reply.status(201).send({ success: true as const, data: toMessage(row) });
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        summary: 'Your conversations, most recent first, with your unread count in each',
        querystring: z.object({
          page: pageParameter,
          limit: limitParameter(CONVERSATIONS_PAGE_LIMIT, LIST_LIMIT_MAX),
        }),
        response: {
          200: success(z.array(conversationSchema)),
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
        params: z.object({ id: z.string() }),
        querystring: z.object({
          page: pageParameter,
          limit: limitParameter(MESSAGES_PAGE_LIMIT, LIST_LIMIT_MAX),
        }),
        response: {
          200: success(z.array(messageSchema)),
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
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
      return { success: true as const, data: rows.map(toMessage) };
    },
  );

  app.patch(
    '/read',
    {
      schema: {
        summary: 'Mark messages read (only those sent to you change)',
        body: z.object({ message_ids: z.array(z.string().max(100)).max(1_000) }),
        response: {
          200: success(z.object({ updated: z.number().int() })),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { updated: await messages.markRead(request.member.id, request.body.message_ids) },
    }),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        summary: 'How many messages sent to you are unread',
        response: {
          200: success(z.object({ unread_count: z.number().int() })),
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
