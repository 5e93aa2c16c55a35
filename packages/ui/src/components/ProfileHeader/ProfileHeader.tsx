import type { Profile } from '@whisp/api-client';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import Move from 'lucide-react/icons/move';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import type { LinkComponent } from '../../utilities/link.js';
import { useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import { WhispContent } from '../WhispCard/WhispContent.js';
import * as styles from './ProfileHeader.css.js';

export interface ProfileHeaderProps extends ComponentPropsWithoutRef<'section'> {
  profile: Profile;
  /** Your own profile: Edit profile instead of Follow and Message. */
  isOwn?: boolean;
  onFollowToggle?: (profile: Profile) => void;
  followPending?: boolean;
  onMessage?: (profile: Profile) => void;
  onEditProfile?: () => void;
  /** Own profile with a banner: shows "Reposition banner". */
  onRepositionBanner?: () => void;
  linkComponent?: LinkComponent;
}

/** The top of a profile: banner at its saved position, avatar, names, bio, counts and actions. */
export const ProfileHeader = forwardRef<HTMLElement, ProfileHeaderProps>(function ProfileHeader(
  {
    profile,
    isOwn = false,
    onFollowToggle,
    followPending = false,
    onMessage,
    onEditProfile,
    onRepositionBanner,
    linkComponent,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  const format = useWhispFormatter();
  const headingId = useId();
  return (
    <section
      ref={ref}
      className={cx(styles.root, className)}
      aria-labelledby={headingId}
      {...props}
    >
      <div className={styles.banner}>
        {profile.profile_banner_url ? (
          <img
            className={styles.bannerImage}
            src={profile.profile_banner_url}
            alt=""
            style={{
              objectPosition: `${profile.banner_position_x}% ${profile.banner_position_y}%`,
            }}
          />
        ) : null}
        {isOwn && profile.profile_banner_url && onRepositionBanner ? (
          <Button
            variant="secondary"
            size="sm"
            className={styles.bannerAction}
            onClick={onRepositionBanner}
          >
            <Move aria-hidden width={16} height={16} />
            Reposition banner
          </Button>
        ) : null}
      </div>
      <div className={styles.body}>
        <div className={styles.topRow}>
          <Avatar
            className={styles.avatar}
            name={profile.display_name}
            src={profile.profile_picture_url}
            size="xl"
            decorative
          />
          <div className={styles.buttons}>
            {isOwn ? (
              <Button variant="secondary" onClick={onEditProfile}>
                Edit profile
              </Button>
            ) : (
              <>
                <Button variant="secondary" onClick={() => onMessage?.(profile)}>
                  <Mail aria-hidden width={18} height={18} />
                  Message
                </Button>
                <Button
                  variant={profile.is_following ? 'secondary' : 'primary'}
                  loading={followPending}
                  data-state={profile.is_following ? 'following' : 'not-following'}
                  onClick={() => onFollowToggle?.(profile)}
                >
                  {profile.is_following ? 'Following' : 'Follow'}
                </Button>
              </>
            )}
          </div>
        </div>
        <div className={styles.names}>
          <h1 id={headingId} className={styles.displayName}>
            {profile.display_name}
            {profile.is_verified ? <VerifiedBadge /> : null}
            {profile.is_private ? (
              <Lock role="img" aria-label="Private account" width={18} height={18} />
            ) : null}
          </h1>
          <span className={styles.username}>@{profile.username}</span>
          {!isOwn && profile.is_followed_by ? (
            <span className={styles.followsYou}>Follows you</span>
          ) : null}
        </div>
        {profile.bio ? (
          <WhispContent content={profile.bio} Link={Link} embedVideos={false} />
        ) : null}
        <span className={styles.meta}>
          <CalendarDays aria-hidden width={16} height={16} />
          {format.joinedDate(profile.created_at)}
        </span>
        <ul className={styles.counts}>
          <li className={styles.count}>
            <span className={styles.countValue}>{format.count(profile.following_count)}</span>{' '}
            Following
          </li>
          <li className={styles.count}>
            <span className={styles.countValue}>{format.count(profile.followers_count)}</span>{' '}
            {profile.followers_count === 1 ? 'Follower' : 'Followers'}
          </li>
          <li className={styles.count}>
            <span className={styles.countValue}>{format.count(profile.posts_count)}</span>{' '}
            {profile.posts_count === 1 ? 'Whisp' : 'Whisps'}
          </li>
        </ul>
      </div>
    </section>
  );
});
