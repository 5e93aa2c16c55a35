import Laptop from 'lucide-react/icons/laptop';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import Tablet from 'lucide-react/icons/tablet';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useLayoutEffect,
  useRef,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './SessionList.css.js';

export const deviceKinds = ['desktop', 'laptop', 'mobile', 'tablet'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** One signed-in session as the list shows it; the app names the device from its user agent. */
export interface SessionListItem {
  id: string;
  /** "Chrome on macOS", or "Unknown device" when the server has no user agent for it. */
  device: string;
  /** Picks the icon; a desktop screen when unknown. */
  deviceKind?: DeviceKind;
  /** ISO time of its last request. */
  lastUsedAt: string;
  /** The session this browser is using. */
  current: boolean;
}

export const sessionListStatuses = ['loading', 'error', 'success'] as const;
export type SessionListStatus = (typeof sessionListStatuses)[number];

export interface SessionListProps extends ComponentPropsWithoutRef<'div'> {
  /** The member's signed-in sessions, this browser's marked as current. */
  sessions: SessionListItem[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list. */
  status?: SessionListStatus;
  /** Ends one session; for the current one the app signs this browser out. */
  onSignOut: (session: SessionListItem) => void;
  /** Sessions whose sign-out is on its way: their button shows a spinner. */
  pendingIds?: readonly string[];
  /** Shown in the `error` state (the server's message when there is one). */
  error?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** The clock relative times are measured from (stories and tests pin it). */
  now?: Date;
}

const icons: Record<DeviceKind, ReactNode> = {
  desktop: <Monitor aria-hidden width={20} height={20} />,
  laptop: <Laptop aria-hidden width={20} height={20} />,
  mobile: <Smartphone aria-hidden width={20} height={20} />,
  tablet: <Tablet aria-hidden width={20} height={20} />,
};

/** The member's signed-in sessions, newest first, each with its own "Sign out". */
export const SessionList = forwardRef<HTMLDivElement, SessionListProps>(function SessionList(
  {
    sessions,
    status = 'success',
    onSignOut,
    pendingIds = [],
    error = 'Failed to load your sessions. Please try again.',
    onRetry,
    now,
    className,
    ...props
  },
  ref,
) {
  const format = useWhispFormatter();
  const list = useRef<HTMLUListElement>(null);
  // The row whose "Sign out" was last used, and where it stood, so focus has somewhere to go when
  // that row leaves the list (otherwise it falls to <body> and a keyboard user starts over).
  const signedOut = useRef<{ id: string; index: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const last = signedOut.current;
    if (!last || sessions.some((session) => session.id === last.id)) return;
    signedOut.current = undefined;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    const next = buttons?.[Math.min(last.index, buttons.length - 1)];
    (next ?? list.current)?.focus();
  }, [sessions]);
  return (
    <div ref={ref} className={cx(styles.root, className)} data-status={status} {...props}>
      {status === 'loading' ? (
        <div role="status" aria-busy="true">
          <VisuallyHidden>Loading sessions</VisuallyHidden>
          {[0, 1, 2].map((index) => (
            <div key={index} className={styles.skeletonRow} aria-hidden="true">
              <Skeleton circle width={40} height={40} />
              <span className={styles.details}>
                <Skeleton width="45%" height={16} />
                <Skeleton width="30%" height={12} />
              </span>
            </div>
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={error} onRetry={onRetry} retryLabel="Retry" />
      ) : sessions.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No signed-in sessions"
          description="Sessions appear here when you sign in on a device."
        />
      ) : (
        <ul ref={list} className={styles.list} aria-label="Signed-in sessions" tabIndex={-1}>
          {sessions.map((session, index) => {
            const pending = pendingIds.includes(session.id);
            return (
              <li
                key={session.id}
                className={styles.row}
                data-current={session.current || undefined}
                data-pending={pending || undefined}
              >
                <span className={styles.deviceIcon}>{icons[session.deviceKind ?? 'desktop']}</span>
                <span className={styles.details}>
                  <span className={styles.deviceLine}>
                    <span className={styles.device}>{session.device}</span>
                    {session.current ? <span className={styles.badge}>This device</span> : null}
                  </span>
                  <span className={styles.meta}>
                    Last used{' '}
                    <time
                      dateTime={session.lastUsedAt}
                      title={format.fullDateTime(session.lastUsedAt)}
                    >
                      {format.relativeTime(session.lastUsedAt, now)}
                    </time>
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  className={styles.action}
                  loading={pending}
                  // Every row says "Sign out"; the name says which session it ends.
                  aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
                  onClick={() => {
                    signedOut.current = { id: session.id, index };
                    onSignOut(session);
                  }}
                >
                  Sign out
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
