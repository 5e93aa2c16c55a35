import type { Conversation } from '@whisp/api-client';
import MessageSquare from 'lucide-react/icons/message-square';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ChatComposer } from './ChatComposer.js';
import { ChatThread, type ChatThreadProps } from './ChatThread.js';
import * as styles from './ChatView.css.js';
import { ConversationList, type ConversationListProps } from './ConversationList.js';
import { MessagePermissionNotice } from './MessagePermissionNotice.js';

export interface ChatViewProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect'> {
  /** The member's conversations, most recent first. */
  conversations: Conversation[];
  /** The list's state: `loading` placeholders, `error` with Retry, or `success`. */
  conversationsStatus?: ConversationListProps['status'];
  /** The Retry button of the list's error state. */
  onRetryConversations?: () => void;
  /** The open conversation's id, or null for none. */
  selectedId: string | null;
  /** Opens a conversation: the app loads its messages and marks them read. */
  onSelect: (conversation: Conversation) => void;
  /** Back to the list on phones. */
  onBack?: () => void;
  /** The open conversation's messages, oldest first. */
  messages: ChatThreadProps['messages'];
  /** The thread's state: `loading` a spinner, `error` with Retry, or `success`. */
  messagesStatus?: ChatThreadProps['status'];
  /** The Retry button of the thread's error state. */
  onReloadMessages?: () => void;
  /** The signed-in member: their messages are the bubbles on the right. */
  currentUserId: string;
  /** Called with the trimmed text of a message to send (never empty). */
  onSend: NonNullable<ChatThreadProps['onSend']>;
  /** "Try again" on a message that failed to send. */
  onRetry?: ChatThreadProps['onRetry'];
  /** The time day separators and relative times are measured from (stories pin it). */
  now?: Date;
  /** Whether the open conversation's other member accepts messages from the viewer. */
  messagePermission?: ChatThreadProps['messagePermission'];
}

/**
 * Messages: the conversation list beside the open conversation on wide screens; on phones one
 * at a time, with a back button. Its parts work alone too, as Radix composes: `ChatView.List`,
 * `ChatView.Thread`, `ChatView.Composer` and `ChatView.PermissionNotice` (this component is also `ChatView.Root`).
 */
const ChatViewRoot = forwardRef<HTMLDivElement, ChatViewProps>(function ChatView(
  {
    conversations,
    conversationsStatus,
    onRetryConversations,
    selectedId,
    onSelect,
    onBack,
    messages,
    messagesStatus,
    onReloadMessages,
    currentUserId,
    onSend,
    onRetry,
    now,
    messagePermission,
    className,
    ...props
  },
  ref,
) {
  const selected = conversations.find((conversation) => conversation.id === selectedId);
  return (
    <div
      ref={ref}
      className={cx(styles.view, className)}
      data-open={selected ? true : undefined}
      {...props}
    >
      <nav className={styles.listPane} aria-label="Conversations">
        <ConversationList
          conversations={conversations}
          selectedId={selectedId}
          onSelect={onSelect}
          status={conversationsStatus}
          onRetry={onRetryConversations}
          now={now}
        />
      </nav>
      <div className={styles.threadPane}>
        {selected ? (
          <ChatThread
            key={selected.id}
            conversation={selected}
            messages={messages}
            currentUserId={currentUserId}
            onSend={onSend}
            onRetry={onRetry}
            onBack={onBack}
            status={messagesStatus}
            onReload={onReloadMessages}
            now={now}
            messagePermission={messagePermission}
          />
        ) : (
          <div className={styles.placeholder}>
            <EmptyState
              icon={<MessageSquare />}
              title="Select a message"
              description="Choose a conversation to read and reply."
            />
          </div>
        )}
      </div>
    </div>
  );
});

export const ChatView = Object.assign(ChatViewRoot, {
  Root: ChatViewRoot,
  List: ConversationList,
  Thread: ChatThread,
  Composer: ChatComposer,
  PermissionNotice: MessagePermissionNotice,
});
