import type { UserSummary } from '@whisp/api-client';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { MemberHandle, memberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import * as styles from './FollowRequestItem.css.js';

export const followRequestDecisions = ['accept', 'decline'] as const;
export type FollowRequestDecision = (typeof followRequestDecisions)[number];

/** Who asked: the API lists `UserSummary`; a bio, when the app has one, helps decide. */
export type FollowRequestMember = UserSummary & { bio?: string | null };

export interface FollowRequestItemProps extends ComponentPropsWithoutRef<'article'> {
  /** The member asking to follow you. */
  member: FollowRequestMember;
  /** Accept: they follow you and see your whisps. */
  onAccept: (member: FollowRequestMember) => void;
  /** Decline: the request goes away; they are not told. */
  onDecline: (member: FollowRequestMember) => void;
  /** The answer on its way: its button shows progress, and neither takes another press. */
  pending?: FollowRequestDecision;
  /** Renders the link to their profile (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/** One follow request: avatar, names, bio line, and Accept or Decline. */
export const FollowRequestItem = forwardRef<HTMLElement, FollowRequestItemProps>(
  function FollowRequestItem(
    { member, onAccept, onDecline, pending, linkComponent, className, ...props },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    const nameId = useId();
    const name = memberHandle(member);
    return (
      <article
        ref={ref}
        aria-labelledby={nameId}
        aria-busy={pending ? true : undefined}
        data-pending={pending}
        className={cx(styles.root, className)}
        {...props}
      >
        <Avatar name={member.display_name} src={member.avatar} decorative />
        <div className={styles.text}>
          <span id={nameId} className={styles.nameLine}>
            <Link href={memberHref(member)} className={styles.displayName}>
              <span className={styles.displayNameText}>{member.display_name}</span>
              {member.is_verified ? <VerifiedBadge /> : null}
            </Link>
          </span>
          <MemberHandle acct={member.acct} className={styles.username} />
          {member.bio ? <p className={styles.bio}>{member.bio}</p> : null}
        </div>
        <div className={styles.actions}>
          {/* Both wait while either answer is on its way: a second answer would race the first. */}
          <Button
            size="sm"
            loading={pending === 'accept'}
            disabled={pending === 'decline'}
            aria-label={`Accept ${name}`}
            onClick={() => onAccept(member)}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={pending === 'decline'}
            disabled={pending === 'accept'}
            aria-label={`Decline ${name}`}
            onClick={() => onDecline(member)}
          >
            Decline
          </Button>
        </div>
      </article>
    );
  },
);
