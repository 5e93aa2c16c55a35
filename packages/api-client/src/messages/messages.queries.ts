import {
  type InfiniteData,
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { CONVERSATIONS_PAGE_LIMIT, MESSAGES_PAGE_LIMIT } from '../contract/limits.js';
import type { Id, Message } from '../models.js';
import { messageKeys } from '../query/keys.js';
import type { NewMessage } from './messages.api.js';

export { messageKeys };

export type MessagePages = InfiniteData<Message[], number>;

export const messageQueries = {
  conversations: (client: WhispClient) =>
    queryOptions({
      queryKey: messageKeys.conversations(),
      queryFn: ({ signal }) =>
        client.messages.conversations({ page: 1, limit: CONVERSATIONS_PAGE_LIMIT }, signal),
    }),

  /** A conversation's messages, oldest first, 100 a page. */
  conversation: (client: WhispClient, conversationId: Id) =>
    infiniteQueryOptions({
      queryKey: messageKeys.conversation(conversationId),
      queryFn: ({ pageParam, signal }) =>
        client.messages.list(
          conversationId,
          { page: pageParam, limit: MESSAGES_PAGE_LIMIT },
          signal,
        ),
      initialPageParam: 1,
      getNextPageParam: (last: Message[], _pages, page: number) =>
        last.length >= MESSAGES_PAGE_LIMIT ? page + 1 : undefined,
    }),

  /** The Messages badge; kept current by `subscribeToLiveEvents`, like the notifications one. */
  unreadCount: (client: WhispClient) =>
    queryOptions({
      queryKey: messageKeys.unreadCount(),
      queryFn: ({ signal }) => client.messages.unreadCount(signal),
    }),
};

/** Adds a message (sent or received live) to the end of its conversation, once. */
export function appendMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<MessagePages>(
    messageKeys.conversation(message.conversation_id),
    (data) => {
      if (!data || data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
      const pages = [...data.pages];
      pages[pages.length - 1] = [...(pages.at(-1) ?? []), message];
      return { ...data, pages };
    },
  );
}

export const messageMutations = {
  send: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...messageKeys.all, 'send'],
      mutationFn: (input: NewMessage) => client.messages.send(input),
      onSuccess: async (message) => {
        appendMessage(queryClient, message);
        await queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
      },
    }),

  /** Opens (or finds) the conversation with a member: the same one every time. */
  start: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...messageKeys.all, 'start'],
      mutationFn: (userId: Id) => client.messages.start(userId),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
    }),

  /** Marks received messages read (opening a chat does this for its unread ones). */
  markRead: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...messageKeys.all, 'read'],
      mutationFn: ({ messageIds }: { conversationId: Id; messageIds: Id[] }) =>
        client.messages.markRead(messageIds),
      onSuccess: async (_result, { conversationId, messageIds }) => {
        const read = new Set(messageIds);
        queryClient.setQueryData<MessagePages>(messageKeys.conversation(conversationId), (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) =>
                  page.map((m) => (read.has(m.id) && !m.is_read ? { ...m, is_read: true } : m)),
                ),
              }
            : data,
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
          queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() }),
        ]);
      },
    }),
};
