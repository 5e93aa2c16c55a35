import type { Conversation, Message } from '@whisp/api-client';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-alert';
import {
  type ComponentPropsWithoutRef,
  Fragment,
  forwardRef,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from 'react';
import { startOfDay } from '../../format/relativeTime.js';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Spinner } from '../Spinner/Spinner.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import { ChatComposer } from './ChatComposer.js';
import * as styles from './ChatView.css.js';
import { type MessagePermission, MessagePermissionNotice } from './MessagePermissionNotice.js';

export const chatMessageStatuses = ['sent', 'sending', 'failed'] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];

/** A message as the thread shows it: the server's, or one still on its way. */
export interface ChatMessage extends Message {
  status?: ChatMessageStatus;
}

export interface ChatThreadProps extends Omit<ComponentPropsWithoutRef<'section'>, 'onSubmit'> {
  /** The conversation: its other member names the header and the composer. */
  conversation: Conversation;
  /** Oldest first; a day separator starts each new day. */
  messages: ChatMessage[];
  /** The signed-in member: their messages are the bubbles on the right. */
  currentUserId: string;
  /**
   * Called with trimmed, non-empty text; empty messages are refused here. Shows the built-in
   * composer; leave it out and pass your own (`ChatView.Composer`) as children, or none.
   */
  onSend?: (content: string) => void;
  /** "Try again" on a message whose `status` is `failed`. */
  onRetry?: (message: ChatMessage) => void;
  /** Shows a back button (phones, where the list and the thread take turns). */
  onBack?: () => void;
  /** `loading` shows a spinner, `error` the error with Retry, `success` the messages. */
  status?: 'loading' | 'error' | 'success';
  /** The Retry button of the error state. */
  onReload?: () => void;
  /** The time day separators are measured from (stories and tests pin it). */
  now?: Date;
  /** After the messages: a composer of your own (`<ChatView.Composer>`) instead of the built-in one. */
  children?: ReactNode;
  /**
   * Whether the other member accepts messages from the viewer. When not, a notice with the
   * reason replaces the message box (built-in or your own), so nobody types a message in vain.
   */
  messagePermission?: MessagePermission;
}

/**
 * An open conversation (`ChatView.Thread`): day separators, own and other's bubbles, and the
 * composer.
 */
export const ChatThread = forwardRef<HTMLElement, ChatThreadProps>(function ChatThread(
  {
    conversation,
    messages,
    currentUserId,
    onSend,
    onRetry,
    onBack,
    status = 'success',
    onReload,
    now = new Date(),
    children,
    messagePermission = { allowed: true },
    className,
    ...props
  },
  ref,
) {
  const format = useWhispFormatter();
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();

  // Keep the newest message in view as messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of messages changes.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  // A reply says more than a receipt: "Seen" only while the viewer's message is the newest.
  const newest = messages.at(-1);
  const seenId =
    newest &&
    newest.sender_id === currentUserId &&
    (newest.status ?? 'sent') === 'sent' &&
    newest.is_read
      ? newest.id
      : undefined;

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className={cx(styles.thread, className)}
      {...props}
    >
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
                  {message.id === seenId ? (
                    <span className={styles.receipt} data-receipt="seen">
                      Seen
                    </span>
                  ) : null}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
      {!messagePermission.allowed ? (
        <MessagePermissionNotice
          username={conversation.other_participant_username}
          reason={messagePermission.reason}
        />
      ) : (
        (children ??
        (onSend ? (
          <ChatComposer
            recipientName={conversation.other_participant_display_name}
            onSend={onSend}
          />
        ) : null))
      )}
    </section>
  );
});
