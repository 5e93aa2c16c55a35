import { Slot, Slottable } from '@radix-ui/react-slot';
import { cva } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent } from 'react';
import { Spinner } from '../Spinner/Spinner.js';
import type { ButtonSize, ButtonVariant } from './Button.css.js';
import * as styles from './Button.css.js';

const buttonClass = cva(styles.base, {
  variants: { variant: styles.variant, size: styles.size },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** `primary` for the main action of a view, `danger` only for destructive ones. */
  variant?: ButtonVariant;
  /** `sm` for dense rows, `md` by default, `lg` for the one action of a page. */
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and ignores further clicks until it turns false. */
  loading?: boolean;
  /** Render the single child element (a link, say) with the button's look and behaviour. */
  asChild?: boolean;
}

/**
 * The button for actions: `primary` for the main one in a view, `secondary` and `ghost` for the
 * rest, `danger` for destructive ones. `loading` keeps it focusable but inert while work runs.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    asChild = false,
    disabled = false,
    type,
    className,
    children,
    onClick,
    ...props
  },
  ref,
) {
  const Component = asChild ? Slot : 'button';

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // A busy button stays focusable (so focus is not lost mid-request) but must not act twice;
    // a disabled link must not navigate.
    if (loading || (asChild && disabled)) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <Component
      ref={ref}
      // A bare <button> inside a form would submit it; make that an explicit choice.
      type={asChild ? type : (type ?? 'button')}
      className={buttonClass({ variant, size, className })}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      // `disabled` removes a native button from the tab order; a slotted link has no such
      // attribute, so it is announced as disabled instead.
      disabled={asChild ? undefined : disabled}
      aria-disabled={(asChild && disabled) || loading || undefined}
      onClick={handleClick}
      {...props}
    >
      {loading ? <Spinner decorative size="sm" /> : null}
      <Slottable>{children}</Slottable>
    </Component>
  );
});
