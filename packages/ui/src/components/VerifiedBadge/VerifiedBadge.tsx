import BadgeCheck from 'lucide-react/icons/badge-check';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './VerifiedBadge.css.js';

export interface VerifiedBadgeProps extends ComponentPropsWithoutRef<'span'> {
  /** What assistive technology announces. */
  label?: string;
}

/** The check next to a verified member's name; sized in `em` so it follows the name's text. */
export const VerifiedBadge = forwardRef<HTMLSpanElement, VerifiedBadgeProps>(function VerifiedBadge(
  { label = 'Verified account', className, ...props },
  ref,
) {
  return (
    <span
      ref={ref}
      role="img"
      aria-label={label}
      title={label}
      className={cx(styles.badge, className)}
      {...props}
    >
      <BadgeCheck aria-hidden width="100%" height="100%" strokeWidth={2.25} />
    </span>
  );
});
