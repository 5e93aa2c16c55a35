import { type ComponentPropsWithoutRef, type CSSProperties, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './Skeleton.css.js';

export interface SkeletonProps extends ComponentPropsWithoutRef<'span'> {
  /** Any CSS width; the full width when left out. */
  width?: CSSProperties['width'];
  /** Any CSS height; one line of text when left out. */
  height?: CSSProperties['height'];
  /** A round shape, for avatars. */
  circle?: boolean;
}

/** A grey placeholder where content will load; decorative (the loading list says "Loading"). */
export const Skeleton = forwardRef<HTMLSpanElement, SkeletonProps>(function Skeleton(
  { width = '100%', height = 14, circle = false, className, style, ...props },
  ref,
) {
  return (
    <span
      ref={ref}
      aria-hidden="true"
      className={cx(styles.skeleton, circle && styles.circle, className)}
      style={{ width, height, ...style }}
      {...props}
    />
  );
});

export interface WhispSkeletonListProps {
  /** How many placeholder whisps to draw. */
  count?: number;
  /** Announced to screen readers in place of the grey shapes. */
  label?: string;
}

/** The feed's loading state: whisp-shaped placeholders in a busy region. */
export function WhispSkeletonList({ count = 3, label = 'Loading whisps' }: WhispSkeletonListProps) {
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className={styles.whisp}>
          <Skeleton circle width={40} height={40} />
          <div className={styles.lines}>
            <Skeleton width="40%" />
            <Skeleton />
            <Skeleton width={index % 2 ? '60%' : '85%'} />
          </div>
        </div>
      ))}
    </div>
  );
}
