import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Conversation, isApiError } from '@whisp/api-client';
import {
  messageKeys,
  messageMutations,
  messageQueries,
  userKeys,
  useSendMessage,
} from '@whisp/api-client/react';
import { ChatView, useToast } from '@whisp/ui';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useCurrentUser } from '../../app/SessionProvider';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import * as styles from './MessagesRoute.css';
import { chatPermission } from './messagePermission';
import { useDraftConversation } from './useDraftConversation';
import { isMessagesNotAccepted, useRefusedMessages } from './useRefusedMessages';

// Ids for refused messages kept in the thread: never the server's, unique for this visit.
let refusedCount = 0;

/**
 * Conversations and the open chat (`?c={id}`, or `?to={username}` for a member no conversation
 * can be started with); opening one marks the messages you received as read.
 */
export default function MessagesRoute() {
  const me = useCurrentUser();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const draftUsername = selectedId === null ? params.get('to') : null;
  const conversations = useQuery(messageQueries.conversations(client));
  const openConversation = useCallback(
    (id: string) => setParams({ c: id }, { replace: true }),
    [setParams],
  );
  const draft = useDraftConversation(draftUsername, me.id, conversations.data, openConversation);
  const listed = conversations.data ?? [];
  const shown = draft ? [draft, ...listed] : listed;
  const openId = draft ? draft.id : selectedId;
  const messages = useInfiniteQuery({
    ...messageQueries.conversation(client, selectedId ?? ''),
    enabled: selectedId !== null,
  });
  const send = useSendMessage();
  const refused = useRefusedMessages(openId);
  const markRead = useMutation(messageMutations.markRead(client, queryClient));
  const selected = shown.find((item) => item.id === openId);
  // A draft has no messages on the server to wait for.
  const received = draft ? [] : (messages.data?.pages.flat() ?? []);
  const list = [...received, ...refused.messages];
  useDocumentTitle(selected ? `Messages with @${selected.other_participant_username}` : 'Messages');

  const unreadIds = received
    .filter((message) => message.recipient_id === me.id && !message.is_read)
    .map((message) => message.id);
  const unreadKey = unreadIds.join(',');
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (!selectedId || unreadKey === '') return;
    markReadNow({ conversationId: selectedId, messageIds: unreadKey.split(',') });
  }, [selectedId, unreadKey, markReadNow]);

  // mutateAsync, not mutate's callbacks: those fire only for the latest of several sends.
  const sendTo = (conversation: Conversation, content: string) => {
    send
      .mutateAsync({ recipient_id: conversation.other_participant_id, content })
      .catch((reason: unknown) => {
        if (isMessagesNotAccepted(reason)) {
          // Their setting changed since the chat was read: read it again for the reason.
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
          if (draftUsername !== null) {
            void queryClient.invalidateQueries({ queryKey: userKeys.byUsername(draftUsername) });
          }
          refused.refuse(conversation.id, {
            id: `refused-${++refusedCount}`,
            conversation_id: conversation.id,
            sender_id: me.id,
            recipient_id: conversation.other_participant_id,
            content,
            created_at: new Date().toISOString(),
            is_read: false,
          });
          return;
        }
        toast(isApiError(reason) && reason.message ? reason.message : 'Failed to send message', {
          variant: 'error',
        });
      });
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Messages" />
      <ChatView
        className={styles.chat}
        conversations={shown}
        conversationsStatus={
          conversations.isPending ? 'loading' : conversations.isError ? 'error' : 'success'
        }
        onRetryConversations={() => void conversations.refetch()}
        selectedId={selected ? selected.id : null}
        onSelect={(conversation) => {
          if (conversation.id !== draft?.id) setParams({ c: conversation.id });
        }}
        onBack={() => setParams({})}
        messages={list}
        messagesStatus={
          draft
            ? 'success'
            : messages.isPending
              ? 'loading'
              : messages.isError
                ? 'error'
                : 'success'
        }
        onReloadMessages={() => void messages.refetch()}
        currentUserId={me.id}
        messagePermission={chatPermission(
          selected?.other_participant_message_permission,
          refused.refusedHere,
        )}
        onSend={(content) => {
          if (selected) sendTo(selected, content);
        }}
        onRetry={(message) => {
          if (!selected) return;
          refused.forget(message.id);
          sendTo(selected, message.content);
        }}
      />
    </div>
  );
}
