import type { UserSummary } from '@whisp/api-client';
import ShieldBan from 'lucide-react/icons/shield-ban';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { MemberHandle, memberHandle } from '../MemberHandle/MemberHandle.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import * as styles from './BlockedProfileNotice.css.js';

export interface BlockedProfileNoticeProps extends ComponentPropsWithoutRef<'section'> {
  /** The member you blocked: enough to know who it is, nothing of what they posted. */
  member: Pick<UserSummary, 'display_name' | 'acct' | 'avatar'> &
    Partial<Pick<UserSummary, 'is_verified'>>;
  /** The notice's Unblock button. */
  onUnblock: () => void;
  /** The unblock is on its way: the button shows progress and waits. */
  unblocking?: boolean;
  /**
   * The level of the display name's heading: 1 where the profile is the page (the default), 2
   * when the page already has its own `h1` (a sticky page title above it).
   */
  headingLevel?: 1 | 2 | 3;
}

/**
 * A profile you blocked, in place of its header and whisps: who it is, "You blocked @name", and
 * Unblock.
 */
export const BlockedProfileNotice = forwardRef<HTMLElement, BlockedProfileNoticeProps>(
  function BlockedProfileNotice(
    { member, onUnblock, unblocking = false, headingLevel = 1, className, ...props },
    ref,
  ) {
    const headingId = useId();
    const Heading = `h${headingLevel}` as const;
    const name = memberHandle(member);
    return (
      <section
        ref={ref}
        aria-labelledby={headingId}
        className={cx(styles.root, className)}
        data-state="blocked"
        {...props}
      >
        <div className={styles.banner} />
        <div className={styles.body}>
          <Avatar
            className={styles.avatar}
            name={member.display_name}
            src={member.avatar}
            size="xl"
            decorative
          />
          <Heading id={headingId} className={styles.displayName}>
            {member.display_name}
            {member.is_verified ? <VerifiedBadge /> : null}
          </Heading>
          <MemberHandle acct={member.acct} className={styles.username} />
          <div className={styles.notice}>
            <ShieldBan aria-hidden className={styles.icon} />
            <div className={styles.noticeText}>
              <p className={styles.noticeTitle}>You blocked {name}</p>
              <p className={styles.noticeHint}>
                You do not see each other’s whisps, and they cannot follow you or message you.
              </p>
            </div>
            <Button
              variant="secondary"
              className={styles.unblock}
              loading={unblocking}
              aria-label={`Unblock ${name}`}
              onClick={onUnblock}
            >
              Unblock
            </Button>
          </div>
        </div>
      </section>
    );
  },
);
