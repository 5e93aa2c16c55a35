import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { visuallyHidden } from './VisuallyHidden.css.js';

export type VisuallyHiddenProps = ComponentPropsWithoutRef<'span'>;

/** Text for screen readers only: "Unread", "3 unread messages". */
export const VisuallyHidden = forwardRef<HTMLSpanElement, VisuallyHiddenProps>(
  function VisuallyHidden({ className, ...props }, ref) {
    return <span ref={ref} className={cx(visuallyHidden, className)} {...props} />;
  },
);
