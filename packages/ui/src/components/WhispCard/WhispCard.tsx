import type { Post } from '@whisp/api-client';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Flag from 'lucide-react/icons/flag';
import Repeat2 from 'lucide-react/icons/repeat-2';
import Share from 'lucide-react/icons/share';
import ShieldBan from 'lucide-react/icons/shield-ban';
import Trash2 from 'lucide-react/icons/trash-2';
import UserRoundX from 'lucide-react/icons/user-round-x';
import VolumeX from 'lucide-react/icons/volume-x';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  lazy,
  memo,
  type ReactElement,
  Suspense,
  useId,
  useMemo,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { LazyTrigger } from '../../utilities/LazyTrigger.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import * as DropdownMenu from '../DropdownMenu/DropdownMenu.js';
import { IconButton } from '../IconButton/IconButton.js';
import { MemberHandle, memberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import { WhispActions, type WhispToggleAction } from './WhispActions.js';
import * as styles from './WhispCard.css.js';
import { WhispContent } from './WhispContent.js';
import { WhispContentWarning } from './WhispContentWarning.js';
import { WhispEdited } from './WhispEdited.js';
import { WhispMedia } from './WhispMedia.js';

// Polls are their own chunk, kept out of the route chunks that show cards (each has a 50 kB
// budget). Fetching starts as soon as this module loads, so by the time a feed has drawn its
// first cards the poll code is normally there; until then a poll's space is held.
const loadPoll = () => import('../Poll/Poll.js');
const pollModule = typeof window === 'undefined' ? undefined : loadPoll();
const Poll = lazy(() => (pollModule ?? loadPoll()).then((module) => ({ default: module.Poll })));

export interface WhispCardProps extends Omit<ComponentPropsWithoutRef<'article'>, 'onReset'> {
  /** The whisp, or a rewhisp (then the original is shown under "@name rewhisped"). */
  post: Post;
  /** The signed-in member: their own whisps get Delete in the menu. */
  currentUserId?: string;
  /**
   * Requests in flight; the button shows it and ignores clicks until the server answers. `vote`
   * is the poll's vote.
   */
  pending?: Partial<Record<WhispToggleAction | 'vote', boolean>>;
  /**
   * Every action receives the whisp the buttons belong to: for a rewhisp, the original (the
   * one whose counts are shown), never the rewhisp wrapper.
   */
  onLike?: (post: Post) => void;
  /** The Reply button (a speech bubble with the reply count). */
  onReply?: (post: Post) => void;
  /** The Rewhisp toggle; pressed when `is_rewhisped`. */
  onRewhisp?: (post: Post) => void;
  /** The Bookmark toggle; pressed when `is_bookmarked`. */
  onBookmark?: (post: Post) => void;
  /** "Share" in the More menu (the app copies the whisp's link). */
  onShare?: (post: Post) => void;
  /** "Delete" in the More menu of the member's own whisps; the app confirms first. */
  onDelete?: (post: Post) => void;
  /** "Report content" in the More menu of another member's whisp. */
  onReport?: (post: Post) => void;
  /**
   * "Mute @name", "Block @name" and "Report @name" in the menu of another member's whisp: each
   * receives the whisp whose author it is about (for a rewhisp, the original's author).
   */
  onMuteAuthor?: (post: Post) => void;
  /** "Block @name": the app asks first (BlockConfirmDialog). */
  onBlockAuthor?: (post: Post) => void;
  /** "Report @name": a report about the member rather than this whisp. */
  onReportAuthor?: (post: Post) => void;
  /**
   * Votes in the whisp's poll (for a rewhisp, the original's): the chosen options' indexes.
   * Without it the poll lists its options without controls.
   */
  onVote?: (post: Post, choices: number[]) => void;
  /** Why the last vote failed (the server's message), shown under the poll. */
  voteError?: string | null;
  /**
   * "Edited" in the header of an edited whisp opens its earlier versions (the app shows
   * EditHistoryDialog). Without it "Edited" is a plain label with its time.
   */
  onOpenHistory?: (post: Post) => void;
  /**
   * Play animated images (GIFs) on their own. The app passes the member's autoplay preference;
   * under the system's reduced motion they are held still whatever this says.
   */
  autoplay?: boolean;
  /** The member's data saver: videos load nothing until played (`preload="none"`). */
  dataSaver?: boolean;
  /** Replaces the built-in image viewer (e.g. to route to a media page). */
  onOpenMedia?: (post: Post, index: number) => void;
  /** The app's router link; a plain `<a>` (or LinkProvider's) otherwise. */
  linkComponent?: LinkComponent;
  /** Embed YouTube and Vimeo links as players (behind a click-to-load facade). */
  embedVideos?: boolean;
  /** "Now" for relative times; stories and tests pin it. */
  now?: Date;
  /**
   * A whisp shown for reading only (inside a report, a quote, a preview): no action bar and no
   * More menu, so no buttons that would do nothing; the author's link and the media viewer stay.
   * The action callbacks and `pending` are ignored.
   */
  readOnly?: boolean;
}

/**
 * One whisp in a feed: author, time, content, media, the rewhisp header, counts and actions.
 * Memoised: in a feed whose callbacks are stable, liking one whisp re-renders that card alone.
 */
export const WhispCard = memo(
  forwardRef<HTMLElement, WhispCardProps>(function WhispCard(
    {
      post,
      currentUserId,
      pending,
      onLike,
      onReply,
      onRewhisp,
      onBookmark,
      onShare,
      onDelete,
      onReport,
      onMuteAuthor,
      onBlockAuthor,
      onReportAuthor,
      onVote,
      voteError,
      onOpenHistory,
      autoplay = true,
      dataSaver = false,
      onOpenMedia,
      linkComponent,
      embedVideos = true,
      now,
      readOnly = false,
      className,
      ...props
    },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    const format = useWhispFormatter();
    // A rewhisp shows the original, under a line naming who rewhisped it.
    const shown = post.rewhisp_of ?? post;
    const rewhisper = post.rewhisp_of ? post.author : null;
    const author = shown.author;
    const isOwn = currentUserId !== undefined && author.id === currentUserId;
    const headingId = useId();
    // Once per whisp (and clock), not on every render: a like re-renders the card, not its date.
    const time = useMemo(
      () => ({
        relative: format.relativeTime(shown.created_at, now),
        full: format.fullDateTime(shown.created_at),
      }),
      [format, shown.created_at, now],
    );
    // Stable while the whisp is, so the memoised media grid skips a like's re-render.
    const openMedia = useMemo(
      () => (onOpenMedia ? (index: number) => onOpenMedia(shown, index) : undefined),
      [onOpenMedia, shown],
    );
    const body = (
      <>
        <WhispContent content={shown.content} Link={Link} embedVideos={embedVideos} />
        {shown.media_urls.length > 0 ? (
          <WhispMedia
            urls={shown.media_urls}
            media={shown.media}
            authorName={author.display_name}
            onOpenMedia={openMedia}
            autoplay={autoplay}
            dataSaver={dataSaver}
          />
        ) : null}
        {shown.poll ? (
          <Suspense fallback={<PollSpace options={shown.poll.options.length} />}>
            <Poll
              poll={shown.poll}
              onVote={onVote ? (choices) => onVote(shown, choices) : undefined}
              voting={pending?.vote}
              error={voteError}
              now={now}
              readOnly={readOnly}
            />
          </Suspense>
        ) : null}
      </>
    );

    return (
      <article
        ref={ref}
        className={cx(styles.card, className)}
        aria-labelledby={headingId}
        // Which whisp this card is, for an app's delegated handlers (a click opens its thread).
        data-whisp-id={post.id}
        data-rewhisp={rewhisper ? true : undefined}
        data-own={isOwn || undefined}
        data-read-only={readOnly || undefined}
        {...props}
      >
        {rewhisper ? (
          <div className={styles.rewhispHeader}>
            <Repeat2 aria-hidden width={16} height={16} />
            <span>
              <Link href={memberHref(rewhisper)}>
                {rewhisper.id === currentUserId ? 'You' : rewhisper.display_name}
              </Link>{' '}
              rewhisped
            </span>
          </div>
        ) : null}
        <div className={styles.layout}>
          <Link
            href={memberHref(author)}
            className={styles.avatarLink}
            // The same destination as the name beside it: one link for assistive technology and
            // the keyboard, a larger target for pointers.
            aria-hidden
            tabIndex={-1}
          >
            <Avatar name={author.display_name} src={author.avatar} decorative />
          </Link>
          <div className={styles.body}>
            <header className={styles.header}>
              <Link href={memberHref(author)} className={styles.authorLink}>
                <span id={headingId} className={styles.displayName}>
                  {author.display_name}
                </span>
                {author.is_verified ? <VerifiedBadge /> : null}
                <MemberHandle acct={author.acct} className={styles.username} />
              </Link>
              <span className={styles.muted} aria-hidden="true">
                ·
              </span>
              <time className={styles.muted} dateTime={shown.created_at} title={time.full}>
                {time.relative}
              </time>
              {shown.edited_at ? (
                <WhispEdited
                  editedAt={shown.edited_at}
                  onOpen={readOnly || !onOpenHistory ? undefined : () => onOpenHistory(shown)}
                />
              ) : null}
              {readOnly ? null : (
                <PostMenu
                  post={shown}
                  isOwn={isOwn}
                  onShare={onShare}
                  onDelete={onDelete}
                  onReport={onReport}
                  onMuteAuthor={onMuteAuthor}
                  onBlockAuthor={onBlockAuthor}
                  onReportAuthor={onReportAuthor}
                />
              )}
            </header>
            {rewhisper && post.content.trim() ? (
              <WhispContent content={post.content} Link={Link} embedVideos={false} />
            ) : null}
            {shown.content_warning ? (
              <WhispContentWarning warning={shown.content_warning}>{body}</WhispContentWarning>
            ) : (
              body
            )}
            {readOnly ? null : (
              <WhispActions
                post={shown}
                pending={pending}
                onLike={onLike}
                onReply={onReply}
                onRewhisp={onRewhisp}
                onBookmark={onBookmark}
              />
            )}
          </div>
        </div>
      </article>
    );
  }),
);

// As Radix's closed menu trigger says it, so the button is announced as a menu button before use.
const MENU_RESTING_PROPS = {
  'aria-haspopup': 'menu',
  'aria-expanded': false,
  'data-state': 'closed',
};

interface PostMenuProps
  extends Pick<
    WhispCardProps,
    'onShare' | 'onDelete' | 'onReport' | 'onMuteAuthor' | 'onBlockAuthor' | 'onReportAuthor'
  > {
  post: Post;
  isOwn: boolean;
}

/**
 * Product spec: Share; Delete on own whisps; Report content; then, on another member's whisp,
 * mute, block or report its author. A bottom sheet under 600 px. The menu's Radix root mounts on
 * the button's first hover, press or focus (LazyTrigger), and Radix mounts the items only while
 * the menu is open, so a card pays for its button alone until then.
 */
function PostMenu({
  post,
  isOwn,
  onShare,
  onDelete,
  onReport,
  onMuteAuthor,
  onBlockAuthor,
  onReportAuthor,
}: PostMenuProps) {
  const name = memberHandle(post.author);
  const renderMenu = (trigger: ReactElement) => (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={() => onShare?.(post)}>
          <Share aria-hidden /> Share
        </DropdownMenu.Item>
        {isOwn ? (
          <DropdownMenu.Item variant="danger" onSelect={() => onDelete?.(post)}>
            <Trash2 aria-hidden /> Delete
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => onReport?.(post)}>
          <Flag aria-hidden /> Report content
        </DropdownMenu.Item>
        {!isOwn && onMuteAuthor ? (
          <DropdownMenu.Item onSelect={() => onMuteAuthor(post)}>
            <VolumeX aria-hidden /> Mute {name}
          </DropdownMenu.Item>
        ) : null}
        {!isOwn && onBlockAuthor ? (
          <DropdownMenu.Item variant="danger" onSelect={() => onBlockAuthor(post)}>
            <ShieldBan aria-hidden /> Block {name}
          </DropdownMenu.Item>
        ) : null}
        {!isOwn && onReportAuthor ? (
          <DropdownMenu.Item onSelect={() => onReportAuthor(post)}>
            <UserRoundX aria-hidden /> Report {name}
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
  return (
    <LazyTrigger renderRoot={renderMenu} restingProps={MENU_RESTING_PROPS}>
      <IconButton label="More options" size="sm" className={styles.menu}>
        <Ellipsis />
      </IconButton>
    </LazyTrigger>
  );
}

/** Holds a poll's place while its code arrives: about one row per option and the footer. */
function PollSpace({ options }: { options: number }) {
  return (
    <div
      className={styles.pollSpace}
      style={{ minHeight: `calc(${options} * 48px + 28px)` }}
      aria-busy="true"
    />
  );
}
