import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { cva, cx } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { SpinnerSize } from './Spinner.css.js';
import * as styles from './Spinner.css.js';

const ringClass = cva(styles.ring, {
  variants: { size: styles.size },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps extends ComponentPropsWithoutRef<'span'> {
  /** What is loading, read by screen readers. */
  label?: string;
  /** `sm` follows the text size (inside buttons), `md` 24 px, `lg` 40 px. */
  size?: SpinnerSize;
  /**
   * Hide the spinner from assistive technology, for when the surrounding element already says it
   * is busy (a Button with `loading` sets aria-busy and keeps its own label).
   */
  decorative?: boolean;
}

/** A loading indicator: a live `status` region with a label, or a plain decoration. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label = 'Loading', size = 'md', decorative = false, className, ...props },
  ref,
) {
  return (
    <span
      ref={ref}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      data-size={size}
      className={cx(styles.root, className)}
      {...props}
    >
      <span className={ringClass({ size })} />
      {decorative ? null : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
});
