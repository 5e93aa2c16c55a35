import type { MessageAudience } from '@whisp/api-client/contract/choices';
import { ERRORS } from '@whisp/api-client/contract/errors';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './ChatView.css.js';

/** Why a member cannot be written to: their `messages_from` setting, when the app knows it. */
export type MessageRefusalReason = Exclude<MessageAudience, 'everyone'>;

/** Whether the viewer may write to the conversation's other member. */
export type MessagePermission =
  | { allowed: true }
  | { allowed: false; reason?: MessageRefusalReason };

const reasons: Record<MessageRefusalReason | 'unknown', string> = {
  nobody: 'They have turned off direct messages.',
  following: 'They accept messages only from people they follow.',
  unknown: 'They have limited who can send them messages.',
};

export interface MessagePermissionNoticeProps extends ComponentPropsWithoutRef<'div'> {
  /** The member who does not accept messages from the viewer. */
  username: string;
  /** Their setting, when known; a general line otherwise. */
  reason?: MessageRefusalReason;
}

/**
 * In place of the message box (`ChatView.PermissionNotice`), before anyone types: the sentence
 * the server would answer a send with, and why.
 */
export const MessagePermissionNotice = forwardRef<HTMLDivElement, MessagePermissionNoticeProps>(
  function MessagePermissionNotice({ username, reason, className, ...props }, ref) {
    return (
      <div
        ref={ref}
        className={cx(styles.permissionNotice, className)}
        data-reason={reason ?? 'unknown'}
        {...props}
      >
        <MessageSquareLock aria-hidden className={styles.permissionIcon} />
        <p className={styles.permissionText}>
          <strong>{ERRORS.messagesNotAccepted.message(username)}</strong>{' '}
          <span className={styles.permissionReason}>{reasons[reason ?? 'unknown']}</span>
        </p>
      </div>
    );
  },
);
