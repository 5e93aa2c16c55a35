import type { SuggestedUser } from '@whisp/api-client';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { Avatar } from '../Avatar/Avatar.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { FollowButton, followLabels, followStateOf } from '../FollowButton/FollowButton.js';
import { MemberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import * as skeletonStyles from '../Skeleton/Skeleton.css.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import * as styles from '../TrendsPanel/TrendsPanel.css.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';

export interface WhoToFollowPanelProps extends ComponentPropsWithoutRef<'section'> {
  /** The suggested members. */
  users: SuggestedUser[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list. */
  status?: 'loading' | 'error' | 'success';
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** Called with the member whose Follow (Following, or Requested) button was pressed. */
  onFollowToggle: (user: SuggestedUser) => void;
  /** Ids of people followed from this panel (the suggestion stays until the list reloads). */
  followingIds?: ReadonlySet<string>;
  /** Members whose follow change is on its way: their button shows progress. */
  pendingIds?: ReadonlySet<string>;
  /** The panel's heading. */
  title?: string;
  /** Renders the profile links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/**
 * "Who to follow": suggested members with a Follow button each; a private member the viewer
 * asked to follow (`is_requested`) reads Requested, and pressing it withdraws the request.
 */
export const WhoToFollowPanel = forwardRef<HTMLElement, WhoToFollowPanelProps>(
  function WhoToFollowPanel(
    {
      users,
      status = 'success',
      onRetry,
      onFollowToggle,
      followingIds = new Set(),
      pendingIds = new Set(),
      title = 'Who to follow',
      linkComponent,
      className,
      ...props
    },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    const titleId = useId();
    return (
      <section
        ref={ref}
        aria-labelledby={titleId}
        className={cx(styles.panel, className)}
        {...props}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {status === 'loading' ? (
          <div
            className={styles.state}
            role="status"
            aria-busy="true"
            aria-label="Loading suggestions"
          >
            {[0, 1, 2].map((key) => (
              <div key={key} className={skeletonStyles.personRow}>
                <Skeleton circle width={40} height={40} />
                <Skeleton width="50%" />
              </div>
            ))}
          </div>
        ) : status === 'error' ? (
          <ErrorState message="Failed to load suggestions" onRetry={onRetry} retryLabel="Retry" />
        ) : users.length === 0 ? (
          <p className={cx(styles.state, styles.muted)}>No suggestions available</p>
        ) : (
          <ul className={styles.list}>
            {users.map((user) => {
              const state = followStateOf({
                is_following: followingIds.has(user.id),
                is_requested: user.is_requested,
              });
              return (
                <li key={user.id} className={styles.row}>
                  <Avatar name={user.display_name} src={user.avatar} decorative />
                  <span className={styles.userText}>
                    <Link href={memberHref(user)} className={styles.userName}>
                      {user.display_name}
                      {user.verified ? <VerifiedBadge /> : null}
                    </Link>
                    <MemberHandle acct={user.acct} className={styles.muted} />
                  </span>
                  <FollowButton
                    size="sm"
                    state={state}
                    username={user.acct}
                    pending={pendingIds.has(user.id)}
                    // One list of several buttons: each names its member after the visible label.
                    aria-label={`${followLabels[state]} ${user.display_name}`}
                    onClick={() => onFollowToggle(user)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    );
  },
);
