import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MOCK_VIEWER } from '@whisp/api-client/mocks';
import { messageQueries, useSendMessage, useWhispClient } from '@whisp/api-client/react';
import { ChatView, useToast } from '@whisp/ui';
import { useState } from 'react';

/**
 * Messages built from ChatView's parts, laid out by this app: the conversation list above the
 * open conversation, and this app's own composer inside the thread. (`ChatView.Root` is the
 * all-in-one: the list beside the thread, one at a time on phones.)
 */
export function Chat() {
  const client = useWhispClient();
  const conversations = useQuery(messageQueries.conversations(client));
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The newest conversation is open until the member picks another.
  const open =
    conversations.data?.find((conversation) => conversation.id === chosenId) ??
    conversations.data?.[0];
  const thread = useInfiniteQuery({
    ...messageQueries.conversation(client, open?.id ?? ''),
    enabled: open !== undefined,
  });
  const send = useSendMessage();
  const { toast } = useToast();

  return (
    <div className="chat">
      <ChatView.List
        aria-label="Conversations"
        conversations={conversations.data ?? []}
        status={conversations.isPending ? 'loading' : conversations.isError ? 'error' : 'success'}
        onRetry={() => void conversations.refetch()}
        selectedId={open?.id ?? null}
        onSelect={(conversation) => setChosenId(conversation.id)}
      />
      {open ? (
        <ChatView.Thread
          className="chat-thread"
          conversation={open}
          messages={thread.data?.pages.flat() ?? []}
          status={thread.isPending ? 'loading' : thread.isError ? 'error' : 'success'}
          onReload={() => void thread.refetch()}
          currentUserId={MOCK_VIEWER.id}
        >
          <ChatView.Composer
            recipientName={open.other_participant_display_name}
            placeholder={`Write to ${open.other_participant_display_name}`}
            onSend={(content) =>
              send.mutate(
                { recipient_id: open.other_participant_id, content },
                { onError: (error) => toast(error.message) },
              )
            }
          />
        </ChatView.Thread>
      ) : null}
    </div>
  );
}
