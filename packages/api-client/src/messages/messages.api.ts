import type { ApiContext, DataBody, NumberedPage } from '../http/context.js';
import type { Conversation, Id, Message } from '../models.js';

export interface NewMessage {
  recipient_id: Id;
  content: string;
}

export function createMessagesApi({ request, media }: ApiContext) {
  return {
    /** GET /api/messages/conversations: most recent first. */
    conversations: async (page: NumberedPage = {}, signal?: AbortSignal) =>
      (
        await request<DataBody<Conversation[]>>('/api/messages/conversations', {
          query: { ...page },
          signal,
        })
      ).data.map(media.conversation),

    /** GET /api/messages/conversations/{id}/messages: oldest first; 404 for non-participants. */
    list: async (conversationId: Id, page: NumberedPage = {}, signal?: AbortSignal) =>
      (
        await request<DataBody<Message[]>>(
          `/api/messages/conversations/${encodeURIComponent(conversationId)}/messages`,
          { query: { ...page }, signal },
        )
      ).data,

    /** POST /api/messages (201): empty content is a 400. */
    send: async (input: NewMessage) =>
      (await request<DataBody<Message>>('/api/messages', { method: 'POST', body: input })).data,

    /** POST /api/messages/start/{userId}: the same conversation every time. */
    start: async (userId: Id) =>
      media.conversation(
        (
          await request<DataBody<Conversation>>(
            `/api/messages/start/${encodeURIComponent(userId)}`,
            { method: 'POST' },
          )
        ).data,
      ),

    /** PATCH /api/messages/read: only messages sent to you change. */
    markRead: async (messageIds: Id[]) =>
      (
        await request<DataBody<{ updated: number }>>('/api/messages/read', {
          method: 'PATCH',
          body: { message_ids: messageIds },
        })
      ).data,

    /** GET /api/messages/unread-count. */
    unreadCount: async (signal?: AbortSignal) =>
      (
        await request<DataBody<{ unread_count: number }>>('/api/messages/unread-count', {
          signal,
        })
      ).data.unread_count,
  };
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;
