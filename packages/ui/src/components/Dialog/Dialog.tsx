import * as DialogPrimitive from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { IconButton } from '../IconButton/IconButton.js';
import * as styles from './Dialog.css.js';

// Thin wrappers over Radix Dialog, consumed as `Dialog.Root`, `Dialog.Content`…: Radix gives the
// focus trap, Escape, scroll lock and aria-modal; these parts add Whisp's look.

export const Root = DialogPrimitive.Root;
export type RootProps = DialogPrimitive.DialogProps;

export const Trigger = DialogPrimitive.Trigger;
export type TriggerProps = DialogPrimitive.DialogTriggerProps;

export const Close = DialogPrimitive.Close;
export type CloseProps = DialogPrimitive.DialogCloseProps;

export interface ContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Shows the round close button in the top corner (labelled "Close"). */
  showCloseButton?: boolean;
}

/** The dialog's panel with its scrim, rendered in a portal at the end of <body>. */
export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, children, showCloseButton = true, ...props },
  ref,
) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={styles.overlay} />
      <DialogPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props}>
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
