import type { Post, UserSummary } from '@whisp/api-client';
import { WHISP_MAX_LENGTH } from '@whisp/api-client/limits';
import { type ReactNode, useRef, useState } from 'react';
import { WHISP_COUNTER_WARNING_REMAINING } from '../../constants.js';
import { countGraphemes } from '../../format/graphemes.js';
import type { ReturnFocusTarget } from '../../utilities/focusReturn.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { memberHandle } from '../MemberHandle/MemberHandle.js';
import {
  type MentionSuggestionsFieldProps,
  useMentionAutocomplete,
} from '../MentionSuggestions/useMentionAutocomplete.js';
import { TextArea } from '../TextArea/TextArea.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import * as styles from './CommentDialog.css.js';

export interface CommentDialogProps extends MentionSuggestionsFieldProps {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Close or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** The whisp being replied to. */
  post: Post;
  /** The signed-in member, drawn beside the reply box. */
  currentUser?: Pick<UserSummary, 'display_name' | 'avatar'>;
  /**
   * Called with trimmed, non-empty text; the box empties once it resolves. When it throws or
   * rejects, the text stays (show why in `error`).
   */
  onSubmit: (content: string) => unknown;
  /** The reply is on its way: the send button shows a spinner. */
  submitting?: boolean;
  /** e.g. 'Failed to post comment. Please try again.' */
  error?: string;
  /** "Now" for relative times; stories and tests pin it. */
  now?: Date;
  /** Shown between the whisp and the reply form, e.g. the replies it already has. */
  children?: ReactNode;
  /** Where focus goes on close when the Reply button that opened it is gone (see `Dialog.Content`). */
  returnFocus?: ReturnFocusTarget;
}

/**
 * The reply dialog: the whisp replied to, then your reply (empty replies cannot be sent). It
 * opens on the reply box, whatever `children` (the replies) hold. With `mentionSuggestions` and
 * `onMentionQueryChange`, typing `@` in the reply offers members, as in the composer.
 */
export function CommentDialog({
  open,
  onOpenChange,
  post,
  currentUser,
  onSubmit,
  submitting = false,
  error,
  now,
  children,
  returnFocus,
  mentionSuggestions,
  onMentionQueryChange,
}: CommentDialogProps) {
  const format = useWhispFormatter();
  const [content, setContent] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const trimmed = content.trim();
  const tooLong = countGraphemes(content) > WHISP_MAX_LENGTH;
  const mentions = useMentionAutocomplete({
    field,
    value: content,
    onValueChange: setContent,
    suggestions: mentionSuggestions,
    onQueryChange: onMentionQueryChange,
    enabled: open,
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        aria-describedby={undefined}
        returnFocus={returnFocus}
        // The reply box, not the first button among the replies (Radix's default).
        onOpenAutoFocus={(event) => {
          if (!field.current) return;
          event.preventDefault();
          field.current.focus();
        }}
      >
        <Dialog.Title>Reply</Dialog.Title>
        <div className={styles.original}>
          <Avatar name={post.author.display_name} src={post.author.avatar} size="md" decorative />
          <div className={styles.originalText}>
            <span className={styles.author}>
              {post.author.display_name} {post.author.is_verified ? <VerifiedBadge /> : null}{' '}
              <span className={styles.muted}>
                {memberHandle(post.author)} · {format.relativeTime(post.created_at, now)}
              </span>
            </span>
            <p className={styles.content}>{post.content}</p>
            <span className={styles.muted}>
              Replying to <span className={styles.accent}>{memberHandle(post.author)}</span>
            </span>
          </div>
        </div>
        {children}
        <form
          className={styles.form}
          onSubmit={async (event) => {
            event.preventDefault();
            if (!trimmed || tooLong || submitting) return;
            try {
              await onSubmit(trimmed);
            } catch {
              // Refused: the text stays for another try, and the app says why (`error`).
              return;
            }
            setContent('');
          }}
        >
          {currentUser ? (
            <Avatar name={currentUser.display_name} src={currentUser.avatar} decorative />
          ) : null}
          <TextArea
            ref={field}
            className={styles.field}
            label="Your reply"
            hideLabel
            placeholder="Whisp your reply"
            value={content}
            {...mentions.fieldProps}
            onChange={(event) => {
              mentions.fieldProps.onChange(event);
              setContent(event.target.value);
            }}
            maxLength={WHISP_MAX_LENGTH}
            counterWarningAbove={WHISP_MAX_LENGTH - WHISP_COUNTER_WARNING_REMAINING}
            error={error}
          />
          {mentions.list}
          <Button
            type="submit"
            className={styles.submit}
            loading={submitting}
            disabled={!trimmed || tooLong}
          >
            Reply
          </Button>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
