import SendHorizontal from 'lucide-react/icons/send-horizontal';
import { type ComponentPropsWithoutRef, forwardRef, useId, useRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { useInsertAtCaret } from '../../utilities/insertAtCaret.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { EmojiPicker } from '../EmojiPicker/EmojiPicker.js';
import { IconButton } from '../IconButton/IconButton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ChatView.css.js';

export interface ChatComposerProps
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'defaultValue'> {
  /** Names the field for screen readers: "Message Ada Lovelace". */
  recipientName: string;
  /** Called with trimmed, non-empty text; the field then empties. */
  onSend: (content: string) => void;
  /** The draft, controlled; or `defaultValue` to let the composer keep it. */
  value?: string;
  /** The starting draft when the composer keeps it itself. */
  defaultValue?: string;
  /** Every change of the draft, controlled or not. */
  onValueChange?: (value: string) => void;
  /** Shown in the empty field. */
  placeholder?: string;
}

/** The message field and send button of a conversation (`ChatView.Composer`). */
export const ChatComposer = forwardRef<HTMLFormElement, ChatComposerProps>(function ChatComposer(
  {
    recipientName,
    onSend,
    value,
    defaultValue = '',
    onValueChange,
    placeholder = 'Start a new message',
    className,
    ...props
  },
  ref,
) {
  const [draft, setDraft] = useControllableState(value, defaultValue, onValueChange);
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const insertEmoji = useInsertAtCaret(input, draft, setDraft);
  const canSend = draft.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(draft.trim());
    setDraft('');
  };

  return (
    <form
      ref={ref}
      className={cx(styles.composer, className)}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      {...props}
    >
      <label htmlFor={inputId}>
        <VisuallyHidden>Message {recipientName}</VisuallyHidden>
      </label>
      <EmojiPicker onEmojiSelect={insertEmoji} />
      <textarea
        ref={input}
        id={inputId}
        className={styles.composerInput}
        rows={1}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter breaks the line, as in every chat.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <IconButton label="Send" type="submit" variant="solid" disabled={!canSend}>
        <SendHorizontal />
      </IconButton>
    </form>
  );
});
