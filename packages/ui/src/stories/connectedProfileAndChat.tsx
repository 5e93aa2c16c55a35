// Story-only wiring of ProfileHeader and ChatView to @whisp/api-client over its MSW mocks, as
// the app would do it (see connected.tsx for the whisp toggles).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Profile } from '@whisp/api-client';
import { MOCK_VIEWER } from '@whisp/api-client/mocks';
import {
  messageQueries,
  userQueries,
  useSendMessage,
  useToggleFollow,
  useWhispClient,
} from '@whisp/api-client/react';
import { useState } from 'react';
import type { ChatMessage } from '../components/ChatView/ChatThread.js';
import { ChatView } from '../components/ChatView/ChatView.js';
import { followStateOf } from '../components/FollowButton/FollowButton.js';
import { ProfileHeader } from '../components/ProfileHeader/ProfileHeader.js';
import { useToast } from '../components/Toast/Toast.js';

/** A member's profile header whose Follow button goes through the API. */
export function ConnectedProfileHeader({ username }: { username: string }) {
  const client = useWhispClient();
  const { toast } = useToast();
  const profile = useQuery(userQueries.byUsername(client, username));
  const follow = useToggleFollow();
  if (profile.isPending) return <p>Loading…</p>;
  if (profile.isError) return <p role="alert">{profile.error.message}</p>;
  return (
    <ProfileHeader
      profile={profile.data}
      isOwn={profile.data.id === MOCK_VIEWER.id}
      followPending={follow.isPending}
      onFollowToggle={(target: Profile) =>
        follow.mutate(
          // Requested withdraws, as Following unfollows: only Follow asks to follow.
          { id: target.id, following: followStateOf(target) === 'not-following' },
          { onError: () => toast('Failed to follow/unfollow user', { variant: 'error' }) },
        )
      }
    />
  );
}

/** Messages: conversations and the open thread from the API; sending goes through it too. */
export function ConnectedChatView() {
  const client = useWhispClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [failed, setFailed] = useState<ChatMessage[]>([]);
  const conversations = useQuery(messageQueries.conversations(client));
  const thread = useInfiniteQuery({
    ...messageQueries.conversation(client, selectedId ?? ''),
    enabled: selectedId !== null,
  });
  const send = useSendMessage();
  const selected = conversations.data?.find((conversation) => conversation.id === selectedId);
  const sending: ChatMessage[] =
    send.isPending && send.variables && selected
      ? [
          {
            id: 'sending',
            conversation_id: selected.id,
            sender_id: MOCK_VIEWER.id,
            recipient_id: send.variables.recipient_id,
            content: send.variables.content,
            created_at: new Date().toISOString(),
            is_read: false,
            status: 'sending',
          },
        ]
      : [];
  const messages: ChatMessage[] = [
    ...(thread.data?.pages.flat() ?? []),
    ...failed.filter((message) => message.conversation_id === selectedId),
    ...sending,
  ];
  const sendContent = (content: string) => {
    if (!selected) return;
    send.mutate(
      { recipient_id: selected.other_participant_id, content },
      {
        onError: () =>
          setFailed((list) => [
            ...list,
            {
              id: `failed-${Date.now()}`,
              conversation_id: selected.id,
              sender_id: MOCK_VIEWER.id,
              recipient_id: selected.other_participant_id,
              content,
              created_at: new Date().toISOString(),
              is_read: false,
              status: 'failed',
            },
          ]),
      },
    );
  };
  return (
    <div style={{ height: 560 }}>
      <ChatView
        conversations={conversations.data ?? []}
        conversationsStatus={
          conversations.isPending ? 'loading' : conversations.isError ? 'error' : 'success'
        }
        onRetryConversations={() => void conversations.refetch()}
        selectedId={selectedId}
        onSelect={(conversation) => setSelectedId(conversation.id)}
        onBack={() => setSelectedId(null)}
        messages={messages}
        messagesStatus={
          thread.isPending && selectedId ? 'loading' : thread.isError ? 'error' : 'success'
        }
        currentUserId={MOCK_VIEWER.id}
        onSend={sendContent}
        onRetry={(message) => {
          setFailed((list) => list.filter((item) => item.id !== message.id));
          sendContent(message.content);
        }}
      />
    </div>
  );
}
