import * as ToastPrimitive from '@radix-ui/react-toast';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { TOAST_DURATION_MS } from '../../constants.js';
import { cx } from '../../utilities/cx.js';
import type { ToastVariant } from './Toast.css.js';
import * as styles from './Toast.css.js';

export interface ToastOptions {
  variant?: ToastVariant;
  /** Milliseconds on screen; the spec's 3 s by default. */
  duration?: number;
  /** One button in the toast ("Undo"); choosing it runs `onAction` and closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onAction: () => void;
  /**
   * How to do the same without the toast, read by screen readers instead of the button (the
   * toast may be gone before they reach it); the label when not given.
   */
  altText?: string;
}

interface ToastEntry extends Required<Omit<ToastOptions, 'action'>> {
  id: number;
  message: string;
  open: boolean;
  action?: ToastAction;
}

export interface ToastApi {
  /** Shows a short message ("Post liked!", "Failed to like post") and returns its id. */
  toast: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Extra props go to the toasts' region (the viewport list at the bottom of the screen). */
export interface ToastProviderProps
  extends Omit<ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>, 'children' | 'label'> {
  children: ReactNode;
  /** Milliseconds each toast stays; the spec's 3 s by default. */
  duration?: number;
  /** The label of the toast region, announced when keyboard users jump to it with F8. */
  label?: string;
}

/**
 * Holds the toasts of the app and shows them stacked at the bottom. Radix announces each new
 * toast to screen readers (errors assertively) and pauses the timer on hover and focus.
 */
export const ToastProvider = forwardRef<HTMLOListElement, ToastProviderProps>(
  function ToastProvider(
    { children, duration = TOAST_DURATION_MS, label = 'Notifications', className, ...props },
    ref,
  ) {
    const [toasts, setToasts] = useState<ToastEntry[]>([]);
    const nextId = useRef(1);

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
          duration: options.duration ?? duration,
          action: options.action,
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
            <ToastPrimitive.Root
              key={entry.id}
              className={styles.toast}
              data-variant={entry.variant}
              open={entry.open}
              duration={entry.duration}
              // Failures interrupt; confirmations wait their turn.
              type={entry.variant === 'error' ? 'foreground' : 'background'}
              onOpenChange={(open) => {
                if (!open) dismiss(entry.id);
              }}
            >
              {entry.variant === 'default' ? null : (
                <span className={styles.icon} aria-hidden="true">
                  {entry.variant === 'error' ? <CircleAlert /> : <CircleCheck />}
                </span>
              )}
              <ToastPrimitive.Title className={styles.title}>{entry.message}</ToastPrimitive.Title>
              {entry.action ? (
                <ToastPrimitive.Action
                  className={styles.action}
                  altText={entry.action.altText ?? entry.action.label}
                  onClick={entry.action.onAction}
                >
                  {entry.action.label}
                </ToastPrimitive.Action>
              ) : null}
              <ToastPrimitive.Close className={styles.close} aria-label="Dismiss">
                <X aria-hidden width={16} height={16} />
              </ToastPrimitive.Close>
            </ToastPrimitive.Root>
          ))}
          <ToastPrimitive.Viewport
            ref={ref}
            className={cx(styles.viewport, className)}
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
