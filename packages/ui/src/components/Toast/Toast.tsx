import * as ToastPrimitive from '@radix-ui/react-toast';
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ACTION_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../../constants.js';
import { cx } from '../../utilities/cx.js';
import { captureOpener, openerOf, trackFocus } from '../../utilities/focusReturn.js';
import type { ToastVariant } from './Toast.css.js';
import * as styles from './Toast.css.js';
import { type ToastAction, type ToastEntry, ToastItem } from './ToastItem.js';

export type { ToastAction } from './ToastItem.js';

export interface ToastOptions {
  variant?: ToastVariant;
  /**
   * Milliseconds on screen: the provider's `duration` (3 s) by default, `ACTION_TOAST_DURATION_MS`
   * (10 s) for a toast with an action. No toast leaves while hovered or focused.
   */
  duration?: number;
  /**
   * One button in the toast ("Undo"); choosing it runs `onAction` and closes the toast. The
   * keyboard reaches it with the region's shortcut (F8), which the toast's announcement says.
   */
  action?: ToastAction;
  /**
   * Moves focus to the action as the toast appears: for an action just taken from a menu or a
   * dialog, so Undo is one Enter away. Once the action is chosen or the toast dismissed, focus
   * goes back where it was (for a menu item, its menu's trigger). Needs `action`.
   */
  focusAction?: boolean;
}

export interface ToastApi {
  /** Shows a short message ("Post liked!", "Failed to like post") and returns its id. */
  toast: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Radix's default: F8 moves focus to the toast region. */
const DEFAULT_HOTKEY = ['F8'];

/** Extra props go to the toasts' region (the viewport list at the bottom of the screen). */
export interface ToastProviderProps
  extends Omit<ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>, 'children' | 'label'> {
  /** The app: every `useToast()` below it shows its toasts here. */
  children: ReactNode;
  /** Milliseconds each toast without an action stays; the spec's 3 s by default. */
  duration?: number;
  /**
   * The name of the toast region, followed by its shortcut: "Notifications (F8)", announced when
   * keyboard users jump to it with F8 (`hotkey`).
   */
  label?: string;
}

/**
 * Holds the toasts of the app and shows them stacked at the bottom. Radix announces each new
 * toast to screen readers (errors assertively); no toast leaves while the pointer or focus is in
 * the region, and a toast that held focus gives it back where it came from when it closes.
 */
export const ToastProvider = forwardRef<HTMLOListElement, ToastProviderProps>(
  function ToastProvider(
    {
      children,
      duration = TOAST_DURATION_MS,
      label = 'Notifications',
      hotkey = DEFAULT_HOTKEY,
      className,
      ...props
    },
    ref,
  ) {
    const [toasts, setToasts] = useState<ToastEntry[]>([]);
    const nextId = useRef(1);
    const returnTo = useRef<HTMLElement | null>(null);
    const [focused, setFocused] = useState(false);
    const [hovered, setHovered] = useState(false);
    const [windowBlurred, setWindowBlurred] = useState(false);
    const hotkeyLabel = hotkey.join('+').replace(/Key/g, '').replace(/Digit/g, '');
    const hasToasts = toasts.length > 0;

    useEffect(trackFocus, []);
    const viewport = useRef<HTMLOListElement | null>(null);
    const setViewport = useCallback(
      (node: HTMLOListElement | null) => {
        viewport.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      },
      [ref],
    );
    // Native listeners on the region: the toasts are portalled into it, so React's events reach
    // them through ToastItem, not through the viewport.
    useEffect(() => {
      const region = viewport.current?.parentElement;
      if (!region) return;
      // Focus arriving from the page (F8, Tab, `focusAction`): remember where from, to go back.
      const focusIn = (event: globalThis.FocusEvent) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !region.contains(from)) {
          returnTo.current = from.isConnected ? openerOf(from) : captureOpener();
        }
        setFocused(true);
      };
      const focusOut = (event: globalThis.FocusEvent) => {
        if (!region.contains(event.relatedTarget as Node | null)) setFocused(false);
      };
      const pointerEnter = () => setHovered(true);
      const pointerLeave = () => setHovered(false);
      region.addEventListener('focusin', focusIn);
      region.addEventListener('focusout', focusOut);
      region.addEventListener('pointerenter', pointerEnter);
      region.addEventListener('pointerleave', pointerLeave);
      return () => {
        region.removeEventListener('focusin', focusIn);
        region.removeEventListener('focusout', focusOut);
        region.removeEventListener('pointerenter', pointerEnter);
        region.removeEventListener('pointerleave', pointerLeave);
      };
    }, []);
    // As Radix: a member away in another window has not read the toast yet.
    useEffect(() => {
      if (!hasToasts) return;
      const blur = () => setWindowBlurred(true);
      const focus = () => setWindowBlurred(false);
      window.addEventListener('blur', blur);
      window.addEventListener('focus', focus);
      return () => {
        window.removeEventListener('blur', blur);
        window.removeEventListener('focus', focus);
      };
    }, [hasToasts]);

    const dismiss = useCallback((id: number) => {
      setToasts((list) =>
        list.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)),
      );
      // Leave time for the closing animation before the entry goes.
      setTimeout(() => setToasts((list) => list.filter((entry) => entry.id !== id)), 300);
    }, []);

    const toast = useCallback(
      (message: string, options: ToastOptions = {}) => {
        const id = nextId.current++;
        const entry: ToastEntry = {
          id,
          message,
          open: true,
          variant: options.variant ?? 'default',
          duration: options.duration ?? (options.action ? ACTION_TOAST_DURATION_MS : duration),
          action: options.action,
          focusAction: Boolean(options.focusAction && options.action),
        };
        setToasts((list) => [...list, entry]);
        return id;
      },
      [duration],
    );

    const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

    return (
      <ToastContext.Provider value={api}>
        <ToastPrimitive.Provider duration={duration} label={label} swipeDirection="down">
          {children}
          {toasts.map((entry) => (
            <ToastItem
              key={entry.id}
              entry={entry}
              held={focused || hovered || windowBlurred}
              hotkeyLabel={hotkeyLabel}
              returnTo={returnTo}
              onDismiss={dismiss}
            />
          ))}
          <ToastPrimitive.Viewport
            ref={setViewport}
            className={cx(styles.viewport, className)}
            hotkey={hotkey}
            label={`${label} ({hotkey})`}
            data-focus-layer=""
            {...props}
          />
        </ToastPrimitive.Provider>
      </ToastContext.Provider>
    );
  },
);

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it.');
  return api;
}
