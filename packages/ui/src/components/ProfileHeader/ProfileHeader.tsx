import type { Profile } from '@whisp/api-client';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Flag from 'lucide-react/icons/flag';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import Move from 'lucide-react/icons/move';
import ShieldBan from 'lucide-react/icons/shield-ban';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import type { LinkComponent } from '../../utilities/link.js';
import { useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import * as DropdownMenu from '../DropdownMenu/DropdownMenu.js';
import { FollowButton, followStateOf } from '../FollowButton/FollowButton.js';
import { IconButton } from '../IconButton/IconButton.js';
import { MemberHandle, memberHandle, memberHost } from '../MemberHandle/MemberHandle.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import { WhispContent } from '../WhispCard/WhispContent.js';
import * as styles from './ProfileHeader.css.js';
import { RemoteMemberNote } from './RemoteMemberNote.js';

export interface ProfileHeaderProps extends ComponentPropsWithoutRef<'section'> {
  /** The member shown: banner, avatar, names, bio, counts and whether you follow them. */
  profile: Profile;
  /** Your own profile: Edit profile instead of Follow and Message. */
  isOwn?: boolean;
  /**
   * Another member's profile: Follow, Following (`is_following`) or Requested (`is_requested`, a
   * private member has not answered yet). Called on each press: follow, unfollow, or withdraw the
   * request, as the profile's state says.
   */
  onFollowToggle?: (profile: Profile) => void;
  /** The follow change is on its way: the button shows progress and waits. */
  followPending?: boolean;
  /**
   * Shows Message on another member's profile; never on a member of another server (`acct` with
   * a host), whom messages cannot reach yet: their profile says so instead.
   */
  onMessage?: (profile: Profile) => void;
  /** Shows Edit profile on your own profile. */
  onEditProfile?: () => void;
  /** Own profile with a banner: shows "Reposition banner". */
  onRepositionBanner?: () => void;
  /**
   * Another member's profile: a "More actions" menu with Mute (Unmute while `is_muting`), Block
   * and Report @name, for whichever of these are given.
   */
  onMuteToggle?: (profile: Profile) => void;
  /** Adds "Block @name" to the More actions menu. */
  onBlock?: (profile: Profile) => void;
  /** Adds "Report @name" to the More actions menu. */
  onReport?: (profile: Profile) => void;
  /** Renders the header's links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
  /**
   * The level of the display name's heading: 1 where the profile is the page (the default), 2
   * when the page already has its own `h1` (a sticky page title above it).
   */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The top of a profile: banner at its saved position, avatar, names, bio, counts and actions. A
 * member of another server also gets a note naming their server, with a link to their page there.
 */
export const ProfileHeader = forwardRef<HTMLElement, ProfileHeaderProps>(function ProfileHeader(
  {
    profile,
    isOwn = false,
    onFollowToggle,
    followPending = false,
    onMessage,
    onEditProfile,
    onRepositionBanner,
    onMuteToggle,
    onBlock,
    onReport,
    linkComponent,
    headingLevel = 1,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  const format = useWhispFormatter();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const host = memberHost(profile);
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
                {onMuteToggle || onBlock || onReport ? (
                  <SafetyMenu
                    profile={profile}
                    onMuteToggle={onMuteToggle}
                    onBlock={onBlock}
                    onReport={onReport}
                  />
                ) : null}
                {host ? null : (
                  <Button variant="secondary" onClick={() => onMessage?.(profile)}>
                    <Mail aria-hidden width={18} height={18} />
                    Message
                  </Button>
                )}
                <FollowButton
                  state={followStateOf(profile)}
                  username={profile.acct}
                  pending={followPending}
                  onClick={() => onFollowToggle?.(profile)}
                />
              </>
            )}
          </div>
        </div>
        <div className={styles.names}>
          <Heading id={headingId} className={styles.displayName}>
            {profile.display_name}
            {profile.is_verified ? <VerifiedBadge /> : null}
            {profile.is_private ? (
              <Lock role="img" aria-label="Private account" width={18} height={18} />
            ) : null}
          </Heading>
          <MemberHandle acct={profile.acct} className={styles.username} />
          {!isOwn && profile.is_followed_by ? (
            <span className={styles.followsYou}>Follows you</span>
          ) : null}
        </div>
        {host ? <RemoteMemberNote host={host} url={profile.url} /> : null}
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

type SafetyMenuProps = Pick<
  ProfileHeaderProps,
  'profile' | 'onMuteToggle' | 'onBlock' | 'onReport'
>;

/** Mute, block and report, kept behind one button: they are rare, and the row must fit a phone. */
function SafetyMenu({ profile, onMuteToggle, onBlock, onReport }: SafetyMenuProps) {
  const name = memberHandle(profile);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`More actions for ${name}`} variant="solid">
          <Ellipsis />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {onMuteToggle ? (
          <DropdownMenu.Item onSelect={() => onMuteToggle(profile)}>
            {profile.is_muting ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
            {profile.is_muting ? `Unmute ${name}` : `Mute ${name}`}
          </DropdownMenu.Item>
        ) : null}
        {onBlock ? (
          <DropdownMenu.Item variant="danger" onSelect={() => onBlock(profile)}>
            <ShieldBan aria-hidden /> Block {name}
          </DropdownMenu.Item>
        ) : null}
        {onReport ? (
          <DropdownMenu.Item onSelect={() => onReport(profile)}>
            <Flag aria-hidden /> Report {name}
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
