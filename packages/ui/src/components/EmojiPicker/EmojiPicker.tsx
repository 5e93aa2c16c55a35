import Smile from 'lucide-react/icons/smile';
import { forwardRef, lazy, Suspense, useRef } from 'react';
import { useControllableState } from '../../utilities/useControllableState.js';
import type { IconButtonSize } from '../IconButton/IconButton.css.js';
import type { TooltipSide } from '../IconButton/IconButton.js';
import { IconButton } from '../IconButton/IconButton.js';
import * as Popover from '../Popover/Popover.js';
import { Spinner } from '../Spinner/Spinner.js';
import * as styles from './EmojiPicker.css.js';

// The picker (frimousse and its emoji data) loads the first time one opens: most screens never
// open it, and it would weigh on the first screen's JavaScript.
const loadPanel = () => import('./EmojiPickerPanel.js');
const EmojiPickerPanel = lazy(loadPanel);

/**
 * Fetches the picker's code and its emoji data ahead of the first opening. The button calls it
 * when the pointer or focus reaches it, so the picker is usually ready by the time it opens.
 */
export function preloadEmojiPicker(): Promise<void> {
  return Promise.all([
    loadPanel(),
    import('./emojiData.js').then(({ resolveBundledEmojiData }) =>
      resolveBundledEmojiData('en', {}),
    ),
  ]).then(() => undefined);
}

const preloadQuietly = () => {
  // A failed prefetch is retried when the picker opens, which shows its own loading state.
  preloadEmojiPicker().catch(() => undefined);
};

export interface EmojiPickerProps {
  /** Called with the picked emoji; the picker then closes. Insert it and move focus to the text. */
  onEmojiSelect: (emoji: string) => void;
  /** The button's accessible name and tooltip. */
  label?: string;
  /** Whether the picker is open, controlled; or leave it to the button. */
  open?: boolean;
  /** Whether it starts open, when uncontrolled (stories). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Which side of the button it opens on; Radix flips it when there is no room. */
  side?: TooltipSide;
  /** The button's size. */
  size?: IconButtonSize;
  disabled?: boolean;
}

/**
 * An emoji button that opens a picker beside it. Focus goes to the picker's search; Escape closes
 * it and returns focus to the button; a pick closes it and leaves focus to `onEmojiSelect`'s
 * caller (the text the emoji went into).
 */
export const EmojiPicker = forwardRef<HTMLButtonElement, EmojiPickerProps>(function EmojiPicker(
  {
    onEmojiSelect,
    label = 'Add an emoji',
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    side = 'top',
    size = 'md',
    disabled,
  },
  ref,
) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const picked = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <IconButton
          ref={ref}
          label={label}
          size={size}
          disabled={disabled}
          onPointerEnter={preloadQuietly}
          onFocus={preloadQuietly}
        >
          <Smile />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content
        className={styles.content}
        side={side}
        align="start"
        aria-label="Emoji picker"
        onOpenAutoFocus={(event) => {
          // The search takes focus, now if the picker is loaded, else once it is (EmojiPickerPanel).
          event.preventDefault();
          picked.current = false;
          (event.currentTarget as HTMLElement | null)
            ?.querySelector<HTMLInputElement>('[frimousse-search]')
            ?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // After a pick, focus belongs to the text the emoji went into, not the button.
          if (picked.current) event.preventDefault();
        }}
      >
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label="Loading emoji" />
            </div>
          }
        >
          <EmojiPickerPanel
            onEmojiSelect={(emoji) => {
              picked.current = true;
              setOpen(false);
              onEmojiSelect(emoji);
            }}
          />
        </Suspense>
      </Popover.Content>
    </Popover.Root>
  );
});
