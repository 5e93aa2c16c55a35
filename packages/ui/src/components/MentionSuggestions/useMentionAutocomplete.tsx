import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import {
  type MentionCandidate,
  MentionSuggestions,
  mentionOptionId,
} from './MentionSuggestions.js';
import { insertMention, mentionAt } from './mentionQuery.js';

/** The members found for a mention, as the app passes them back. */
export interface MentionSuggestionsData {
  /**
   * What was typed after `@` when these members were found (or the search failed). While it is
   * not what is typed now (the app waits a moment between keys, or its answer is on the way), the
   * list keeps showing them and says it is still looking. Null before any answer.
   */
  query: string | null;
  /** The members to offer, best first. */
  members: readonly MentionCandidate[];
  /** An answer is on its way. */
  loading: boolean;
  /**
   * The search for `query` failed (not "nobody matches": the server could not be asked). The list
   * says so, calmly, and the next letter typed asks again.
   */
  error?: boolean;
}

/**
 * The two props with which a component built around a text field offers members to mention
 * (CommentDialog; ComposeModal takes the same two); it hands them to `useMentionAutocomplete`.
 */
export interface MentionSuggestionsFieldProps {
  /**
   * The members found for the mention being typed (`onMentionQueryChange`'s last query), shown
   * in a list under the text. The app keeps the last answer while it looks for the next.
   */
  mentionSuggestions?: MentionSuggestionsData;
  /**
   * Called with what follows `@` at the caret (`ann`, `ann@south.example`) as a mention is typed,
   * and null once there is none (or the list was closed): the app looks for members and passes
   * them back in `mentionSuggestions`. Without both, the field offers no suggestions.
   */
  onMentionQueryChange?: (query: string | null) => void;
}

export interface MentionAutocompleteOptions {
  /** The text field written in. */
  field: RefObject<HTMLTextAreaElement | null>;
  /** Its text. */
  value: string;
  /** Called with the text once a member is picked. */
  onValueChange: (value: string) => void;
  /** The members found for the query last reported. */
  suggestions: MentionSuggestionsData | undefined;
  /**
   * What is typed after `@` at the caret, or null when no mention is being typed or the list
   * closed. Without this and `suggestions`, the field has no suggestions at all.
   */
  onQueryChange?: ((query: string | null) => void) | undefined;
  /** False while the field is not shown (a closed dialog): no query, no list. */
  enabled?: boolean;
}

type FieldEvent = SyntheticEvent<HTMLTextAreaElement>;

/**
 * Mention suggestions for a text field, as the WAI-ARIA combobox pattern has them, on the field
 * itself: a `<textarea>` may not take the combobox role, so it keeps its own (textbox) with
 * aria-autocomplete, aria-controls and aria-activedescendant. ARIA 1.2 gives a textbox no
 * aria-expanded (axe refuses it), so the list's status line says when it opens.
 *
 * Returns the props the field spreads (its own `onChange` and `onKeyDown` call these first, then
 * skip what was handled) and the list to render beside it.
 */
export function useMentionAutocomplete({
  field,
  value,
  onValueChange,
  suggestions,
  onQueryChange,
  enabled = true,
}: MentionAutocompleteOptions) {
  const listId = useId();
  // Null while the field has no focus: a list under a field one is not writing in is noise.
  const [caret, setCaret] = useState<number | null>(null);
  // The mention closed with Escape or just completed: it stays closed until its text changes.
  const [closedKey, setClosedKey] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const on = suggestions !== undefined || onQueryChange !== undefined;
  const mention = on && enabled && caret !== null ? mentionAt(value, caret) : null;
  const mentionKey = mention ? `${mention.start}:${mention.query}` : null;
  const open = mention !== null && mentionKey !== closedKey;
  const query = open ? mention.query : null;

  const members = suggestions?.members ?? [];
  // No answer yet, or one for other text: still looking.
  const loading = !suggestions || suggestions.loading || suggestions.query !== query;
  // The highlight starts at the top for each new query and each new set of members.
  const listKey = `${query}|${members.map((member) => member.id).join(' ')}`;
  const [active, setActive] = useState({ listKey, index: 0 });
  const activeIndex =
    active.listKey === listKey ? Math.max(0, Math.min(active.index, members.length - 1)) : 0;
  const highlight = (index: number) => setActive({ listKey, index });

  const reportQuery = useRef(onQueryChange);
  reportQuery.current = onQueryChange;
  useEffect(() => {
    reportQuery.current?.(query);
  }, [query]);

  // After a pick, the caret goes after the inserted handle once React has written the text
  // (writing a field's value puts its caret at the end).
  useEffect(() => {
    const element = field.current;
    if (pendingCaret.current === null || !element) return;
    element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const pick = (member: MentionCandidate) => {
    if (!mention) return;
    const next = insertMention(value, mention, member.acct);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    // Before a punctuation mark the caret stays at the handle's end: no list for it again.
    setClosedKey(`${mention.start}:${member.acct}`);
    onValueChange(next.value);
  };

  const trackCaret = (event: FieldEvent) => setCaret(event.currentTarget.selectionStart);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      // Radix closes the list first (the topmost layer takes Escape); the dialog under it stays.
      event.preventDefault();
      setClosedKey(mentionKey);
      return;
    }
    const member = members[activeIndex];
    if (!member || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight((activeIndex + step + members.length) % members.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      pick(member);
    }
  };

  const fieldProps = {
    'aria-autocomplete': on ? ('list' as const) : undefined,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant':
      open && members.length > 0 ? mentionOptionId(listId, activeIndex) : undefined,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => trackCaret(event),
    onSelect: trackCaret,
    onFocus: trackCaret,
    onBlur: () => setCaret(null),
    onKeyDown,
  };

  const list = on ? (
    <MentionSuggestions
      id={listId}
      anchor={field}
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) setClosedKey(mentionKey);
      }}
      query={mention?.query ?? ''}
      members={members}
      loading={loading}
      error={suggestions?.error ?? false}
      activeIndex={activeIndex}
      onActiveIndexChange={highlight}
      onSelect={pick}
    />
  ) : null;

  return { fieldProps, list };
}
