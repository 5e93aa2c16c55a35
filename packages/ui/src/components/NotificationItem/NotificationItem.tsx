import type { Notification, NotificationType } from '@whisp/api-client';
import { NOTIFICATION_MESSAGES } from '@whisp/api-client/contract/choices';
import { MODERATION_SENDER_NAME } from '@whisp/api-client/contract/moderation-notices';
import AtSign from 'lucide-react/icons/at-sign';
import ChartBar from 'lucide-react/icons/chart-bar';
import Heart from 'lucide-react/icons/heart';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Repeat2 from 'lucide-react/icons/repeat-2';
import Shield from 'lucide-react/icons/shield';
import UserLock from 'lucide-react/icons/user-lock';
import UserPlus from 'lucide-react/icons/user-plus';
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { memberHref } from '../MemberHandle/MemberHandle.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './NotificationItem.css.js';

/**
 * Each kind's icon. The sentence after the actor's name is the contract's
 * (NOTIFICATION_MESSAGES), the text the server sends as the notification's `message`, so the
 * app and the API never word one notification two ways.
 */
const notificationIcons: Record<NotificationType, ReactElement> = {
  like: <Heart fill="currentColor" />,
  follow: <UserPlus />,
  rewhisp: <Repeat2 />,
  reply: <MessageCircle />,
  mention: <AtSign />,
  direct_message: <Mail />,
  moderation: <Shield />,
  poll: <ChartBar />,
  // A private member's: the lock tells it apart from a follow that already happened.
  follow_request: <UserLock />,
};

export interface NotificationItemProps
  extends Omit<ComponentPropsWithoutRef<'article'>, 'onClick'> {
  /** The notification: its type picks the icon and the sentence. */
  notification: Notification;
  /** Shows "Mark as read" on an unread notification. */
  onMarkRead?: (notification: Notification) => void;
  /** Renders the item's links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
  /** Where the notification leads: the whisp, the actor, the conversation. */
  hrefFor?: (notification: Notification) => string | undefined;
  /** The time relative times are measured from (stories and tests pin it). */
  now?: Date;
}

/** One notification: its icon, who did what, the whisp it is about, read or unread. */
export const NotificationItem = forwardRef<HTMLElement, NotificationItemProps>(
  function NotificationItem(
    { notification, onMarkRead, linkComponent, hrefFor, now, className, ...props },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    const format = useWhispFormatter();
    const type = notification.notification_type;
    // A type newer than this build still reads as the server words it.
    const text = NOTIFICATION_MESSAGES[type] ?? notification.message;
    const icon = notificationIcons[type] ?? <Mail />;
    // Moderation and poll notices carry a sentence of their own (what was done and why; which
    // poll ended); the contract's text stands in only when the server sent none.
    const ownMessage = notification.message?.trim() ? notification.message : undefined;
    const { actor } = notification;
    const unread = !notification.is_read;
    const href = hrefFor?.(notification);
    const messageId = useId();
    // A moderation notice comes from the network ("Whisp moderation"), never from the member
    // the server names as its actor, and no moderator is named.
    const fromModeration = type === 'moderation';
    return (
      <article
        ref={ref}
        className={cx(styles.item, className)}
        data-state={unread ? 'unread' : 'read'}
        data-type={type}
        aria-labelledby={messageId}
        {...props}
      >
        <div className={styles.iconColumn}>
          <span className={cx(styles.icon, styles.tone[type])} aria-hidden="true">
            {icon}
          </span>
        </div>
        <div className={styles.body}>
          <div className={styles.top}>
            {fromModeration ? (
              <span className={styles.moderationBadge} aria-hidden="true">
                <Shield />
              </span>
            ) : (
              <Link href={memberHref(actor)} aria-hidden tabIndex={-1}>
                <Avatar name={actor.display_name} src={actor.avatar} size="sm" decorative />
              </Link>
            )}
            <time
              className={styles.time}
              dateTime={notification.created_at}
              title={format.fullDateTime(notification.created_at)}
            >
              {format.relativeTime(notification.created_at, now)}
            </time>
          </div>
          {fromModeration && ownMessage ? (
            <p id={messageId} className={styles.message}>
              {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
              <span className={styles.actor}>{MODERATION_SENDER_NAME}</span>
              <VisuallyHidden>: </VisuallyHidden>
              <span className={styles.moderationMessage}>
                {href ? <Link href={href}>{ownMessage}</Link> : ownMessage}
              </span>
            </p>
          ) : fromModeration || type === 'poll' ? (
            // A whole sentence, with no actor's name in front: the poll's ("A poll you voted in
            // has ended"), or the contract's moderation fallback, which names Whisp moderation.
            <p id={messageId} className={styles.message}>
              {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
              {href ? <Link href={href}>{ownMessage ?? text}</Link> : (ownMessage ?? text)}
            </p>
          ) : (
            <p id={messageId} className={styles.message}>
              {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
              <Link href={memberHref(actor)} className={styles.actor}>
                {actor.display_name}
              </Link>
              {actor.is_verified ? (
                <>
                  {' '}
                  <VerifiedBadge />
                </>
              ) : null}{' '}
              {href ? <Link href={href}>{text}</Link> : text}
            </p>
          )}
          {notification.post ? <p className={styles.excerpt}>{notification.post.content}</p> : null}
          {unread && onMarkRead ? (
            <button
              type="button"
              className={styles.markRead}
              onClick={() => onMarkRead(notification)}
            >
              Mark as read
            </button>
          ) : null}
        </div>
        {unread ? <span className={styles.unreadDot} aria-hidden="true" /> : null}
      </article>
    );
  },
);
