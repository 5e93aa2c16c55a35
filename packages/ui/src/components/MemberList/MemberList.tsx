import type { UserSummary } from '@whisp/api-client';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { MemberHandle, memberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import * as skeletonStyles from '../Skeleton/Skeleton.css.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import * as styles from './MemberList.css.js';

export const memberListStatuses = ['loading', 'error', 'success'] as const;
export type MemberListStatus = (typeof memberListStatuses)[number];

export interface MemberListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Names the list for assistive technology ("Blocked members"). */
  label: string;
  /** The members to list, in the order given. */
  members: readonly UserSummary[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list. */
  status?: MemberListStatus;
  /** Shown when the list is empty ("You have not blocked anyone."). */
  emptyMessage: string;
  /** The error state's message (the server's when there is one). */
  errorMessage?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** The action on every row, usually the undo of what put the member here ("Unblock"). */
  actionLabel: string;
  /** Called with the member whose action button was pressed. */
  onAction: (member: UserSummary) => void;
  /** Members whose action is in flight: their button shows progress and ignores clicks. */
  pendingIds?: ReadonlySet<string>;
  /** Renders the links to profiles (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/** Members with one action each (Unblock, Unmute), with its loading, empty and error states. */
export const MemberList = forwardRef<HTMLDivElement, MemberListProps>(function MemberList(
  {
    label,
    members,
    status = 'success',
    emptyMessage,
    errorMessage = 'Something went wrong. Please try again.',
    onRetry,
    actionLabel,
    onAction,
    pendingIds,
    linkComponent,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  return (
    <div ref={ref} className={cx(styles.root, className)} data-status={status} {...props}>
      {status === 'loading' ? (
        <div role="status" aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
          {[0, 1].map((key) => (
            <div key={key} className={skeletonStyles.personRow}>
              <Skeleton circle width={40} height={40} />
              <Skeleton width="45%" />
            </div>
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={errorMessage} onRetry={onRetry} retryLabel="Retry" />
      ) : members.length === 0 ? (
        <p className={styles.empty}>{emptyMessage}</p>
      ) : (
        <ul className={styles.list} aria-label={label}>
          {members.map((member) => (
            <li key={member.id} className={styles.row}>
              <Avatar name={member.display_name} src={member.avatar} decorative />
              <span className={styles.names}>
                <Link href={memberHref(member)} className={styles.displayName}>
                  {member.display_name}
                  {member.is_verified ? <VerifiedBadge /> : null}
                </Link>
                <MemberHandle acct={member.acct} className={styles.username} />
              </span>
              <Button
                size="sm"
                variant="secondary"
                loading={pendingIds?.has(member.id) ?? false}
                aria-label={`${actionLabel} ${memberHandle(member)}`}
                onClick={() => onAction(member)}
              >
                {actionLabel}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
