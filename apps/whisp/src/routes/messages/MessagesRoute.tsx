import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageMutations, messageQueries, useSendMessage } from '@whisp/api-client/react';
import { ChatView, useToast } from '@whisp/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useCurrentUser } from '../../app/SessionProvider';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import * as styles from './MessagesRoute.css';

/** Conversations and the open chat; opening one marks the messages you received as read. */
export default function MessagesRoute() {
  const me = useCurrentUser();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const conversations = useQuery(messageQueries.conversations(client));
  const messages = useInfiniteQuery({
    ...messageQueries.conversation(client, selectedId ?? ''),
    enabled: selectedId !== null,
  });
  const send = useSendMessage();
  const markRead = useMutation(messageMutations.markRead(client, queryClient));
  const selected = conversations.data?.find((item) => item.id === selectedId);
  const list = messages.data?.pages.flat() ?? [];
  useDocumentTitle(selected ? `Messages with @${selected.other_participant_username}` : 'Messages');

  const unreadIds = list
    .filter((message) => message.recipient_id === me.id && !message.is_read)
    .map((message) => message.id);
  const unreadKey = unreadIds.join(',');
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (!selectedId || unreadKey === '') return;
    markReadNow({ conversationId: selectedId, messageIds: unreadKey.split(',') });
  }, [selectedId, unreadKey, markReadNow]);

  return (
    <div className={styles.page}>
      <PageHeader title="Messages" />
      <ChatView
        className={styles.chat}
        conversations={conversations.data ?? []}
        conversationsStatus={
          conversations.isPending ? 'loading' : conversations.isError ? 'error' : 'success'
        }
        onRetryConversations={() => void conversations.refetch()}
        selectedId={selected ? selected.id : null}
        onSelect={(conversation) => setParams({ c: conversation.id })}
        onBack={() => setParams({})}
        messages={list}
        messagesStatus={messages.isPending ? 'loading' : messages.isError ? 'error' : 'success'}
        onReloadMessages={() => void messages.refetch()}
        currentUserId={me.id}
        onSend={(content) => {
          if (!selected) return;
          send.mutate(
            { recipient_id: selected.other_participant_id, content },
            {
              onError: (reason) =>
                toast(reason.message || 'Failed to send message', { variant: 'error' }),
            },
          );
        }}
      />
    </div>
  );
}
