import type { Conversation } from '@whisp/api-client';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import * as skeletonStyles from '../Skeleton/Skeleton.css.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ChatView.css.js';

interface ConversationListContentProps {
  /** Most recent first, as the server sends them. */
  conversations: Conversation[];
  /** The open conversation, marked as current. */
  selectedId?: string | null;
  /** Called with the conversation a member picks. */
  onSelect: (conversation: Conversation) => void;
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list. */
  status?: 'loading' | 'error' | 'success';
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** The time relative times are measured from (stories and tests pin it). */
  now?: Date;
}

function ConversationListContent({
  conversations,
  selectedId,
  onSelect,
  status = 'success',
  onRetry,
  now,
}: ConversationListContentProps) {
  const format = useWhispFormatter();
  if (status === 'loading') {
    return (
      <div role="status" aria-busy="true" className={skeletonStyles.stack}>
        <VisuallyHidden>Loading conversations</VisuallyHidden>
        {[0, 1, 2].map((key) => (
          <div key={key} className={skeletonStyles.personRow}>
            <Skeleton circle width={40} height={40} />
            <Skeleton width="60%" />
          </div>
        ))}
      </div>
    );
  }
  if (status === 'error')
    return (
      <ErrorState message="Failed to load conversations" onRetry={onRetry} retryLabel="Retry" />
    );
  if (conversations.length === 0) {
    return (
      <EmptyState
        title="No messages yet"
        description="Start a conversation from someone’s profile."
      />
    );
  }
  return (
    <ul className={styles.list}>
      {conversations.map((conversation) => {
        const unread = conversation.unread_count;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              className={styles.conversation}
              aria-current={conversation.id === selectedId ? 'true' : undefined}
              data-unread={unread > 0 || undefined}
              onClick={() => onSelect(conversation)}
            >
              <Avatar
                name={conversation.other_participant_display_name}
                src={conversation.other_participant_avatar_url}
                decorative
              />
              <span className={styles.conversationText}>
                <span className={styles.conversationTop}>
                  <span className={styles.name}>{conversation.other_participant_display_name}</span>
                  <span className={styles.handle}>@{conversation.other_participant_username}</span>
                  {conversation.last_message_at ? (
                    <span className={styles.muted}>
                      · {format.relativeTime(conversation.last_message_at, now)}
                    </span>
                  ) : null}
                </span>
                <span className={styles.lastMessage}>
                  {conversation.last_message ?? 'No messages yet'}
                </span>
              </span>
              {unread > 0 ? (
                <span className={styles.badge}>
                  {unread > 99 ? '99+' : unread}
                  <VisuallyHidden> unread</VisuallyHidden>
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export interface ConversationListProps
  extends ConversationListContentProps,
    Omit<ComponentPropsWithoutRef<'div'>, 'onSelect'> {}

/**
 * The member's conversations, most recent first, with unread counts (`ChatView.List`): usable on
 * its own, e.g. in a side panel. Extra props go to its wrapping element.
 */
export const ConversationList = forwardRef<HTMLDivElement, ConversationListProps>(
  function ConversationList(
    { conversations, selectedId, onSelect, status, onRetry, now, className, ...props },
    ref,
  ) {
    return (
      <div ref={ref} className={cx(styles.listRoot, className)} {...props}>
        <ConversationListContent
          conversations={conversations}
          selectedId={selectedId}
          onSelect={onSelect}
          status={status}
          onRetry={onRetry}
          now={now}
        />
      </div>
    );
  },
);
