import { z } from 'zod';
import {
  CONVERSATIONS_PAGE_LIMIT,
  LIST_LIMIT_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_LIMIT,
  PAGE_SIZE,
} from '../limits.js';
import { conversationSchema, messageSchema, notificationSchema } from '../shapes/inbox.js';
import { dataResponse, limitParameter, pageNumberParameter, successTrue } from './common.js';

// /api/notifications and /api/messages.

/** GET /api/notifications. */
export const notificationListQuery = z.object({
  limit: limitParameter(PAGE_SIZE),
  before: z
    .string()
    .max(100)
    .optional()
    .describe('The id of the last notification of the previous page'),
});
export const notificationListResponse = dataResponse(
  z.object({ notifications: z.array(notificationSchema), unread_count: z.number().int() }),
);

/** PATCH /api/notifications/{id}/read. */
export const notificationIdParams = z.object({ id: z.string() });
export const acknowledgedResponse = z.object({ success: successTrue });

/** PATCH /api/notifications/read-all and /api/messages/read: how many changed. */
export const updatedCountResponse = dataResponse(z.object({ updated: z.number().int() }));

/** POST /api/messages/start/{userId}. */
export const startConversationParams = z.object({ userId: z.string().describe('A member id') });
export const conversationResponse = dataResponse(conversationSchema);

/** POST /api/messages. */
export const sendMessageBodySchema = z.object({
  recipient_id: z.string().max(100),
  // A generous bound before the real count, so a huge body is refused before counting.
  content: z.string().max(MESSAGE_MAX_LENGTH * 20),
});
export const directMessageResponse = dataResponse(messageSchema);

const conversationPageParameter = pageNumberParameter('Page number, from 1');

/** GET /api/messages/conversations. */
export const conversationListQuery = z.object({
  page: conversationPageParameter,
  limit: limitParameter(CONVERSATIONS_PAGE_LIMIT, LIST_LIMIT_MAX),
});
export const conversationListResponse = dataResponse(z.array(conversationSchema));

/** GET /api/messages/conversations/{id}/messages. */
export const conversationIdParams = z.object({ id: z.string() });
export const messageListQuery = z.object({
  page: conversationPageParameter,
  limit: limitParameter(MESSAGES_PAGE_LIMIT, LIST_LIMIT_MAX),
});
export const messageListResponse = dataResponse(z.array(messageSchema));

/** PATCH /api/messages/read. */
export const markMessagesReadBodySchema = z.object({
  message_ids: z.array(z.string().max(100)).max(1_000),
});

/** GET /api/messages/unread-count. */
export const unreadMessageCountResponse = dataResponse(
  z.object({ unread_count: z.number().int() }),
);
