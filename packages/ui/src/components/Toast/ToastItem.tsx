import * as ToastPrimitive from '@radix-ui/react-toast';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import { type RefObject, useEffect, useRef } from 'react';
import { captureOpener, restoreFocus, useClientLayoutEffect } from '../../utilities/focusReturn.js';
import type { ToastVariant } from './Toast.css.js';
import * as styles from './Toast.css.js';

export interface ToastAction {
  label: string;
  onAction: () => void;
  /**
   * How to do the same without the toast ("Unmute @ana from Settings, Muted and blocked"), read
   * by screen readers after the shortcut that reaches the button (the toast may be gone before
   * they reach it).
   */
  altText?: string;
}

export interface ToastEntry {
  id: number;
  message: string;
  open: boolean;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
  focusAction: boolean;
}

interface ToastItemProps {
  entry: ToastEntry;
  /** Whether the pointer or focus is in the toast region: no toast leaves meanwhile. */
  held: boolean;
  /** The region's shortcut as read out ("F8"). */
  hotkeyLabel: string;
  /** Where focus returns when a toast that holds it closes (set when focus came in). */
  returnTo: RefObject<HTMLElement | null>;
  onDismiss: (id: number) => void;
}

/**
 * One toast. Its timer is its own rather than Radix's: Radix pauses only once the region has
 * counted the toast (a transition later), so a toast that takes focus as it appears
 * (`focusAction`) could still time out under the keyboard user's focus.
 */
export function ToastItem({ entry, held, hotkeyLabel, returnTo, onDismiss }: ToastItemProps) {
  const { id, action, duration } = entry;
  const root = useRef<HTMLLIElement>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const remaining = useRef(duration);

  useEffect(() => {
    if (held || !entry.open) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [held, entry.open, id, onDismiss]);

  // Before the action takes focus: where it was (a menu item resolves to its menu's trigger).
  const opener = useRef<HTMLElement | null>(null);
  useClientLayoutEffect(() => {
    if (entry.focusAction) opener.current = captureOpener();
  }, []);
  useEffect(() => {
    if (!entry.focusAction) return;
    // A task later: a toast raised from a menu item mounts inside the item's select event, while
    // the menu still traps focus (it would pull focus back, then lose it as it closes).
    const timer = window.setTimeout(() => {
      actionButton.current?.focus();
      // After the region noted where focus came from, which may be a layer closing meanwhile.
      if (opener.current) returnTo.current = opener.current;
    });
    return () => window.clearTimeout(timer);
  }, [entry.focusAction, returnTo]);

  /** Gives focus back before the toast goes, so it does not fall to the region or to <body>. */
  const giveFocusBack = () => {
    if (root.current?.contains(document.activeElement)) restoreFocus([returnTo.current]);
  };
  // Closed through the API (`dismiss`) while holding focus: the same.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a close matters, not a new handler.
  useEffect(() => {
    if (!entry.open) giveFocusBack();
  }, [entry.open]);

  return (
    <ToastPrimitive.Root
      ref={root}
      className={styles.toast}
      data-variant={entry.variant}
      open={entry.open}
      // Radix's own timer is off (see above); it still closes on Escape and on a swipe.
      duration={Number.POSITIVE_INFINITY}
      // Failures interrupt; confirmations wait their turn.
      type={entry.variant === 'error' ? 'foreground' : 'background'}
      onEscapeKeyDown={giveFocusBack}
      onOpenChange={(open) => {
        if (!open) onDismiss(id);
      }}
    >
      {entry.variant === 'default' ? null : (
        <span className={styles.icon} aria-hidden="true">
          {entry.variant === 'error' ? <CircleAlert /> : <CircleCheck />}
        </span>
      )}
      <ToastPrimitive.Title className={styles.title}>{entry.message}</ToastPrimitive.Title>
      {action ? (
        <ToastPrimitive.Action
          ref={actionButton}
          className={styles.action}
          altText={announcedAlternative(action, hotkeyLabel)}
          onClick={() => {
            giveFocusBack();
            action.onAction();
          }}
        >
          {action.label}
        </ToastPrimitive.Action>
      ) : null}
      <ToastPrimitive.Close className={styles.close} aria-label="Dismiss" onClick={giveFocusBack}>
        <X aria-hidden width={16} height={16} />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/**
 * What a screen reader hears in place of the button, after the message: ". Press F8 to undo, or
 * unmute @ana from Settings, Muted and blocked". Radix joins the parts without a space.
 */
function announcedAlternative(action: ToastAction, hotkeyLabel: string): string {
  const shortcut = `. Press ${hotkeyLabel} to ${action.label.toLowerCase()}`;
  const other = action.altText?.trim();
  if (!other || other.toLowerCase() === action.label.toLowerCase()) return shortcut;
  return `${shortcut}, or ${other.charAt(0).toLowerCase()}${other.slice(1)}`;
}
