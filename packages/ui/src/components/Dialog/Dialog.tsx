import * as DialogPrimitive from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { cx } from '../../utilities/cx.js';
import {
  focusIsLost,
  type ReturnFocusTarget,
  registerLayer,
  restoreFocus,
  trackFocus,
  useCaptureOpener,
} from '../../utilities/focusReturn.js';
import { IconButton } from '../IconButton/IconButton.js';
import * as styles from './Dialog.css.js';

// Thin wrappers over Radix Dialog, consumed as `Dialog.Root`, `Dialog.Content`…: Radix gives the
// focus trap, Escape, scroll lock and aria-modal; these parts add Whisp's look and give focus back
// to whatever opened the dialog, also when it was opened through `open` rather than its Trigger.

export const Root = DialogPrimitive.Root;
export type RootProps = DialogPrimitive.DialogProps;

export const Trigger = DialogPrimitive.Trigger;
export type TriggerProps = DialogPrimitive.DialogTriggerProps;

export const Close = DialogPrimitive.Close;
export type CloseProps = DialogPrimitive.DialogCloseProps;

export interface ContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Shows the round close button in the top corner (labelled "Close"). */
  showCloseButton?: boolean;
  /**
   * Where focus goes on close when the element that opened the dialog is gone from the page (the
   * card whose menu opened it was removed, say), unless a list named the next card for it: an
   * element, or a function read at close. By default focus returns to the element focused when
   * the dialog opened (for a menu item, its menu's trigger), whether it opened through its
   * Trigger or through `open`. `onCloseAutoFocus` still runs first and may `preventDefault()`.
   */
  returnFocus?: ReturnFocusTarget;
}

/** The dialog's panel with its scrim, rendered in a portal at the end of <body>. */
export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, children, showCloseButton = true, returnFocus, onCloseAutoFocus, ...props },
  ref,
) {
  const opener = useRef<HTMLElement | null>(null);
  // Mounted with the Root, before it opens: the element focused just before it opens is known
  // even when React removed it in the same commit (a menu item).
  useEffect(trackFocus, []);
  const setContent = useCallback(
    (node: HTMLDivElement | null) => {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
      if (node) registerLayer(node, () => opener.current);
    },
    [ref],
  );
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={styles.overlay} />
      <DialogPrimitive.Content
        ref={setContent}
        className={cx(styles.content, className)}
        {...props}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Radix would focus its Trigger only, which a dialog opened through `open` lacks.
          event.preventDefault();
          // Focus something else took meanwhile (a toast's action) is left where it is.
          if (!focusIsLost()) return;
          const content = event.currentTarget as HTMLElement;
          restoreFocus([opener.current, triggerOf(content)], returnFocus);
        }}
      >
        <OpenerProbe opener={opener} />
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close asChild>
            <IconButton label="Close" className={styles.closeButton}>
              <X />
            </IconButton>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
});

/** Rendered first inside the content: notes the opener before anything in the dialog takes focus. */
function OpenerProbe({ opener }: { opener: RefObject<HTMLElement | null> }) {
  useCaptureOpener(opener);
  return null;
}

/** The dialog's Trigger, when it has one (Radix names the content in its `aria-controls`). */
function triggerOf(content: HTMLElement): HTMLElement | null {
  if (!content.id) return null;
  return content.ownerDocument.querySelector<HTMLElement>(
    `[aria-controls="${CSS.escape(content.id)}"]`,
  );
}

export const Title = forwardRef<
  HTMLHeadingElement,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function Title({ className, ...props }, ref) {
  return <DialogPrimitive.Title ref={ref} className={cx(styles.title, className)} {...props} />;
});
export type TitleProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Title>;

export const Description = forwardRef<
  HTMLParagraphElement,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function Description({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Description
      ref={ref}
      className={cx(styles.description, className)}
      {...props}
    />
  );
});
export type DescriptionProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Description>;

/** A row of actions at the bottom (Cancel, Save), aligned to the end. */
export const Footer = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function Footer(
  { className, ...props },
  ref,
) {
  return <div ref={ref} className={cx(styles.footer, className)} {...props} />;
});
export type FooterProps = ComponentPropsWithoutRef<'div'>;
