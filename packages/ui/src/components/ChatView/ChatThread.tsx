import type { Conversation, Message } from '@whisp/api-client';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-alert';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { startOfDay } from '../../format/relativeTime.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Spinner } from '../Spinner/Spinner.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ChatView.css.js';

export const chatMessageStatuses = ['sent', 'sending', 'failed'] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];

/** A message as the thread shows it: the server's, or one still on its way. */
export interface ChatMessage extends Message {
  status?: ChatMessageStatus;
}

export interface ChatThreadProps {
  conversation: Conversation;
  messages: ChatMessage[];
  currentUserId: string;
  /** Called with trimmed, non-empty text; empty messages are refused here. */
  onSend: (content: string) => void;
  onRetry?: (message: ChatMessage) => void;
  /** Shows a back button (phones, where the list and the thread take turns). */
  onBack?: () => void;
  status?: 'loading' | 'error' | 'success';
  onReload?: () => void;
  now?: Date;
}

/** An open conversation: day separators, own and other's bubbles, and the composer. */
export function ChatThread({
  conversation,
  messages,
  currentUserId,
  onSend,
  onRetry,
  onBack,
  status = 'success',
  onReload,
  now = new Date(),
}: ChatThreadProps) {
  const format = useWhispFormatter();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const canSend = draft.trim() !== '';

  // Keep the newest message in view as messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of messages changes.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const send = () => {
    if (!canSend) return;
    onSend(draft.trim());
    setDraft('');
  };

  return (
    <section aria-labelledby={titleId} className={styles.thread}>
      <header className={styles.threadHeader}>
        {onBack ? (
          <IconButton label="Back to conversations" className={styles.backButton} onClick={onBack}>
            <ArrowLeft />
          </IconButton>
        ) : null}
        <Avatar
          name={conversation.other_participant_display_name}
          src={conversation.other_participant_avatar_url}
          size="sm"
          decorative
        />
        <h2 id={titleId} className={styles.threadTitle}>
          {conversation.other_participant_display_name}
        </h2>
      </header>
      {status === 'loading' ? (
        <div className={styles.placeholder}>
          <Spinner label="Loading messages" />
        </div>
      ) : status === 'error' ? (
        <ErrorState message="Failed to load messages" onRetry={onReload} retryLabel="Retry" />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard to scroll it.
        <ol ref={listRef} className={styles.messages} aria-label="Messages" tabIndex={0}>
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay =
              !previous ||
              startOfDay(new Date(previous.created_at)) !==
                startOfDay(new Date(message.created_at));
            const own = message.sender_id === currentUserId;
            const messageStatus = message.status ?? 'sent';
            return (
              <Fragment key={message.id}>
                {newDay ? (
                  <li className={styles.daySeparator}>
                    <time dateTime={message.created_at}>
                      {format.daySeparator(message.created_at, now)}
                    </time>
                  </li>
                ) : null}
                <li
                  className={styles.message}
                  data-sender={own ? 'own' : 'other'}
                  data-status={messageStatus}
                >
                  <span className={styles.bubble}>
                    <VisuallyHidden>
                      {own ? 'You: ' : `${conversation.other_participant_display_name}: `}
                    </VisuallyHidden>
                    {message.content}
                  </span>
                  {messageStatus === 'failed' ? (
                    <span className={styles.failed}>
                      <CircleAlert aria-hidden width={14} height={14} />
                      Not sent.
                      {onRetry ? (
                        <button
                          type="button"
                          className={styles.retry}
                          onClick={() => onRetry(message)}
                        >
                          Try again
                        </button>
                      ) : null}
                    </span>
                  ) : (
                    <span className={styles.status}>
                      {messageStatus === 'sending'
                        ? 'Sending…'
                        : format.clockTime(message.created_at)}
                    </span>
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={`${titleId}-input`}>
          <VisuallyHidden>Message {conversation.other_participant_display_name}</VisuallyHidden>
        </label>
        <textarea
          id={`${titleId}-input`}
          className={styles.composerInput}
          rows={1}
          placeholder="Start a new message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter breaks the line, as in every chat.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <IconButton label="Send" type="submit" variant="solid" disabled={!canSend}>
          <SendHorizontal />
        </IconButton>
      </form>
    </section>
  );
}
