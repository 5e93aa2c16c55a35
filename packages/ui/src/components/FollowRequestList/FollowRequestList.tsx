import UserLock from 'lucide-react/icons/user-lock';
import {
  type ComponentPropsWithoutRef,
  type FocusEvent,
  forwardRef,
  type RefObject,
  useCallback,
  useRef,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { focusElement, focusIsLost, useClientLayoutEffect } from '../../utilities/focusReturn.js';
import type { LinkComponent } from '../../utilities/link.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import {
  type FollowRequestDecision,
  FollowRequestItem,
  type FollowRequestMember,
} from '../FollowRequestItem/FollowRequestItem.js';
import * as skeletonStyles from '../Skeleton/Skeleton.css.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import * as styles from './FollowRequestList.css.js';

export const followRequestListStatuses = ['loading', 'error', 'success'] as const;
export type FollowRequestListStatus = (typeof followRequestListStatuses)[number];

export const FOLLOW_REQUESTS_EMPTY_TITLE = 'No follow requests';
export const FOLLOW_REQUESTS_LOAD_FAILED = 'Your follow requests could not be loaded.';

export interface FollowRequestListProps extends ComponentPropsWithoutRef<'div'> {
  /** Members asking to follow you, oldest first (as the server lists them). */
  requests: readonly FollowRequestMember[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list or its empty state. */
  status?: FollowRequestListStatus;
  /** The error state's message (the server's when there is one). */
  errorMessage?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  onAccept: (member: FollowRequestMember) => void;
  onDecline: (member: FollowRequestMember) => void;
  /** Answers on their way, by member id: those rows wait. */
  pending?: Readonly<Record<string, FollowRequestDecision>>;
  /** Renders the links to profiles (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
  /** The heading level of the empty state. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The private member's follow requests, each with Accept and Decline. When an answered request
 * leaves the list, focus moves to the next one (or the list), so a keyboard can work through the
 * requests without starting again from the top of the page.
 */
export const FollowRequestList = forwardRef<HTMLDivElement, FollowRequestListProps>(
  function FollowRequestList(
    {
      requests,
      status = 'success',
      errorMessage = FOLLOW_REQUESTS_LOAD_FAILED,
      onRetry,
      onAccept,
      onDecline,
      pending = {},
      linkComponent,
      headingLevel = 2,
      className,
      ...props
    },
    forwardedRef,
  ) {
    const root = useRef<HTMLDivElement | null>(null);
    const ref = useCallback(
      (element: HTMLDivElement | null) => {
        root.current = element;
        if (typeof forwardedRef === 'function') forwardedRef(element);
        else if (forwardedRef) forwardedRef.current = element;
      },
      [forwardedRef],
    );
    const focused = useFocusedRequest(requests, root);

    return (
      <div
        ref={ref}
        className={cx(styles.root, className)}
        data-status={status}
        // Where focus lands when the last request is answered.
        tabIndex={-1}
        {...props}
      >
        {status === 'loading' ? (
          <div role="status" aria-busy="true" aria-label="Loading follow requests">
            {[0, 1, 2].map((key) => (
              <div key={key} className={cx(skeletonStyles.personRow, styles.placeholder)}>
                <Skeleton circle width={40} height={40} />
                <Skeleton width="45%" />
              </div>
            ))}
          </div>
        ) : status === 'error' ? (
          <ErrorState message={errorMessage} onRetry={onRetry} retryLabel="Retry" />
        ) : requests.length === 0 ? (
          <EmptyState
            icon={<UserLock />}
            headingLevel={headingLevel}
            title={FOLLOW_REQUESTS_EMPTY_TITLE}
            description="When someone asks to follow your private account, they wait here for your answer."
          />
        ) : (
          <ul
            className={styles.list}
            aria-label="Follow requests"
            onFocus={focused.onFocus}
            onBlur={focused.onBlur}
          >
            {requests.map((member) => (
              <li key={member.id} className={styles.row} data-request-id={member.id}>
                <FollowRequestItem
                  member={member}
                  onAccept={onAccept}
                  onDecline={onDecline}
                  pending={pending[member.id]}
                  linkComponent={linkComponent}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
);

/**
 * Remembers which request holds focus; when it leaves the list and focus fell to the page, gives
 * focus to the request now in its place (or the one before, or the list when none is left).
 */
function useFocusedRequest(
  requests: readonly FollowRequestMember[],
  root: RefObject<HTMLDivElement | null>,
) {
  const focusedId = useRef<string | null>(null);
  const previous = useRef(requests);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const row = (event.target as Element).closest<HTMLElement>('[data-request-id]');
    if (row?.dataset.requestId) focusedId.current = row.dataset.requestId;
  }, []);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      // No next element: the focused row itself may have gone, which the effect below handles.
      if (next && !root.current?.contains(next)) focusedId.current = null;
    },
    [root],
  );

  useClientLayoutEffect(() => {
    const before = previous.current;
    previous.current = requests;
    const id = focusedId.current;
    if (!id || requests.some((request) => request.id === id)) return;
    focusedId.current = null;
    if (!focusIsLost() || !root.current) return;
    const index = before.findIndex((request) => request.id === id);
    const successor = requests[Math.min(Math.max(index, 0), requests.length - 1)];
    const row = successor
      ? root.current.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(successor.id)}"]`)
      : null;
    focusElement(row?.querySelector<HTMLElement>('button') ?? root.current);
  }, [requests, root]);

  return { onFocus, onBlur };
}
