import { forwardRef, type RefObject, useEffect } from 'react';
import { cx } from '../../utilities/cx.js';
import { Avatar } from '../Avatar/Avatar.js';
import { type MemberAddress, MemberHandle } from '../MemberHandle/MemberHandle.js';
import * as Popover from '../Popover/Popover.js';
import { Spinner } from '../Spinner/Spinner.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './MentionSuggestions.css.js';

/** A member offered for a mention: `UserSummary`, `SearchUser` and `Profile` all fit. */
export interface MentionCandidate extends MemberAddress {
  id: string;
  display_name: string;
  avatar: string | null;
}

/** What the list says while members are being looked for. */
export const MENTION_SEARCHING_MESSAGE = 'Looking for members…';
/** What the list says when no member matches what is typed after `@`. */
export const mentionNoMatchMessage = (query: string) => `No member matches @${query}`;
/**
 * What the list says when the search for members failed: calm, since the whisp can be written
 * and sent without it, and the next letter typed asks again.
 */
export const MENTION_SEARCH_FAILED_MESSAGE = 'Couldn’t look for members. Keep typing to try again.';

/** The id of the list's option at `index`: the text field's aria-activedescendant. */
export function mentionOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export interface MentionSuggestionsProps
  extends Omit<Popover.ContentProps, 'children' | 'id' | 'onSelect'> {
  /** The listbox's id, for the text field's aria-controls; options are named after it. */
  id: string;
  /** The text field the list hangs under; focus stays there while the list is open. */
  anchor: RefObject<HTMLElement | null>;
  /** Whether the list shows. */
  open: boolean;
  /** Called with false when the member closes the list (Escape). */
  onOpenChange?: (open: boolean) => void;
  /** What is typed after `@` (`ann`, `ann@south.example`), for the "no match" line. */
  query: string;
  /** The members to offer, best first. */
  members: readonly MentionCandidate[];
  /** Members are being looked for: the list keeps what it has and says it is still looking. */
  loading?: boolean;
  /**
   * The search for `query` failed: the list says so instead of "no match" (a member who matches
   * may well exist). Looking again (`loading`) takes precedence.
   */
  error?: boolean;
  /** The highlighted option (the text field's arrow keys move it). */
  activeIndex: number;
  /** The pointer moved over an option. */
  onActiveIndexChange?: (index: number) => void;
  /** A member was picked by click or tap. */
  onSelect: (member: MentionCandidate) => void;
}

const keepFocus = (event: Event) => event.preventDefault();

/**
 * The members to mention, in a list under the text field that is being written in. It never
 * takes focus: the field keeps it and points at the highlighted option (aria-activedescendant),
 * so typing goes on; the field's keys move through the list (`useMentionAutocomplete`).
 */
export const MentionSuggestions = forwardRef<HTMLDivElement, MentionSuggestionsProps>(
  function MentionSuggestions(
    {
      id,
      anchor,
      open,
      onOpenChange,
      query,
      members,
      loading = false,
      error = false,
      activeIndex,
      onActiveIndexChange,
      onSelect,
      className,
      onMouseDown,
      onOpenAutoFocus,
      onCloseAutoFocus,
      onInteractOutside,
      ...props
    },
    ref,
  ) {
    const activeId = mentionOptionId(id, activeIndex);
    useEffect(() => {
      if (open) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
    }, [open, activeId]);

    return (
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Anchor virtualRef={anchor} />
        {/* biome-ignore lint/a11y/useValidAriaRole: removes Radix's role="dialog": a plain box, whose listbox is what assistive technology meets. */}
        <Popover.Content
          ref={ref}
          role={undefined}
          side="bottom"
          align="start"
          className={cx(styles.content, className)}
          {...props}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            keepFocus(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            keepFocus(event);
          }}
          // A click in the text moves the caret, which decides whether the list stays; the field
          // closes it when focus leaves. Only Escape closes it from here.
          onInteractOutside={(event) => {
            onInteractOutside?.(event);
            event.preventDefault();
          }}
          // Pressing an option (or the scrollbar) would take focus from the text field and close
          // the phone's keyboard; the click still picks.
          onMouseDown={(event) => {
            onMouseDown?.(event);
            event.preventDefault();
          }}
        >
          <div
            id={id}
            role="listbox"
            aria-label="Members to mention"
            aria-busy={loading || undefined}
            className={styles.list}
          >
            {members.map((member, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are never focused; the text field keeps focus and points at one (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the text field's keys pick (useMentionAutocomplete); a click is for the pointer.
              <div
                key={member.id}
                id={mentionOptionId(id, index)}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.option}
                onPointerMove={() => {
                  if (index !== activeIndex) onActiveIndexChange?.(index);
                }}
                onClick={() => onSelect(member)}
              >
                <Avatar name={member.display_name} src={member.avatar} size="sm" decorative />
                <span className={styles.names}>
                  <span className={styles.displayName}>{member.display_name}</span>{' '}
                  <MemberHandle className={styles.handle} acct={member.acct} />
                </span>
              </div>
            ))}
          </div>
          <MentionStatus query={query} count={members.length} loading={loading} error={error} />
        </Popover.Content>
      </Popover.Root>
    );
  },
);

/**
 * Loading, a failed search and "no match" on screen; how many were found for screen readers alone.
 * One live region says each, so a screen reader hears the list open and what came of the search.
 */
function MentionStatus({
  query,
  count,
  loading,
  error,
}: {
  query: string;
  count: number;
  loading: boolean;
  error: boolean;
}) {
  if (error && !loading) {
    return (
      <p className={styles.status} role="status">
        {MENTION_SEARCH_FAILED_MESSAGE}
      </p>
    );
  }
  if (count > 0) {
    return (
      <VisuallyHidden role="status">
        {loading ? MENTION_SEARCHING_MESSAGE : `${count} ${count === 1 ? 'member' : 'members'}`}
      </VisuallyHidden>
    );
  }
  return (
    <p className={styles.status} role="status">
      {loading ? <Spinner size="sm" decorative /> : null}
      {loading ? MENTION_SEARCHING_MESSAGE : mentionNoMatchMessage(query)}
    </p>
  );
}
