import type { Post } from '@whisp/api-client';
import Bookmark from 'lucide-react/icons/bookmark';
import Heart from 'lucide-react/icons/heart';
import MessageCircle from 'lucide-react/icons/message-circle';
import Repeat2 from 'lucide-react/icons/repeat-2';
import type { ReactElement } from 'react';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Tooltip } from '../Tooltip/Tooltip.js';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import * as styles from './WhispActions.css.js';

export const whispToggleActions = ['like', 'rewhisp', 'bookmark'] as const;
export type WhispToggleAction = (typeof whispToggleActions)[number];

export interface WhispActionsProps {
  /** The whisp whose counts and toggles are shown (for a rewhisp, the original). */
  post: Post;
  /** Toggles whose request is in flight: shown busy, clicks ignored until the server answers. */
  pending?: Partial<Record<WhispToggleAction, boolean>>;
  /** The Reply button. */
  onReply?: (post: Post) => void;
  /** The Rewhisp toggle. */
  onRewhisp?: (post: Post) => void;
  /** The Like toggle. */
  onLike?: (post: Post) => void;
  /** The Bookmark toggle. */
  onBookmark?: (post: Post) => void;
}

/** Reply, rewhisp, like and bookmark, with their counts; the toggles carry aria-pressed. */
export function WhispActions({
  post,
  pending = {},
  onReply,
  onRewhisp,
  onLike,
  onBookmark,
}: WhispActionsProps) {
  const canRewhisp = post.reply_settings.can_repost;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of action buttons, not form fields: a fieldset would announce a form group.
    <div className={styles.actions} role="group" aria-label="Actions">
      <ActionButton
        tone="accent"
        label="Reply"
        count={post.reply_count}
        icon={<MessageCircle />}
        onClick={() => onReply?.(post)}
      />
      <ActionButton
        tone="rewhisp"
        label={post.is_rewhisped ? 'Undo rewhisp' : 'Rewhisp'}
        count={post.rewhisp_count}
        icon={<Repeat2 />}
        pressed={post.is_rewhisped}
        pending={pending.rewhisp}
        disabled={!canRewhisp && !post.is_rewhisped}
        onClick={() => onRewhisp?.(post)}
      />
      <ActionButton
        tone="like"
        label={post.is_liked ? 'Unlike' : 'Like'}
        count={post.like_count}
        icon={<Heart fill={post.is_liked ? 'currentColor' : 'none'} />}
        pressed={post.is_liked}
        pending={pending.like}
        onClick={() => onLike?.(post)}
      />
      <ActionButton
        tone="accent"
        label={post.is_bookmarked ? 'Remove bookmark' : 'Bookmark'}
        icon={<Bookmark fill={post.is_bookmarked ? 'currentColor' : 'none'} />}
        pressed={post.is_bookmarked}
        pending={pending.bookmark}
        onClick={() => onBookmark?.(post)}
      />
    </div>
  );
}

interface ActionButtonProps {
  label: string;
  icon: ReactElement;
  tone: 'accent' | 'like' | 'rewhisp';
  count?: number;
  pressed?: boolean;
  pending?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function ActionButton({
  label,
  icon,
  tone,
  count,
  pressed,
  pending = false,
  disabled,
  onClick,
}: ActionButtonProps) {
  const format = useWhispFormatter();
  const button = (
    <button
      type="button"
      className={styles.action}
      data-tone={tone}
      data-state={pressed ? 'on' : 'off'}
      data-pending={pending || undefined}
      aria-pressed={pressed}
      aria-busy={pending || undefined}
      // Aria-disabled rather than disabled while pending, so keyboard focus stays on the button.
      aria-disabled={pending || disabled || undefined}
      onClick={() => {
        if (!pending && !disabled) onClick();
      }}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      {/* Plain spans with the VisuallyHidden class: three per button, a hundred buttons a feed. */}
      <span className={visuallyHidden}>{label}</span>
      {count !== undefined ? (
        <span className={styles.count}>
          <span className={visuallyHidden}>, </span>
          {count > 0 ? format.count(count) : <span className={visuallyHidden}>0</span>}
        </span>
      ) : null}
    </button>
  );
  return (
    <Tooltip content={disabled && !pending ? `${label} is turned off` : label}>{button}</Tooltip>
  );
}
