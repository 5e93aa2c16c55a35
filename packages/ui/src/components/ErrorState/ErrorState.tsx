import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import * as styles from '../EmptyState/EmptyState.css.js';

export interface ErrorStateProps extends ComponentPropsWithoutRef<'div'> {
  /** What failed, in the spec's words: 'Failed to load Whisps. Please try again.' */
  message: string;
  /** Shows the retry button when given. */
  onRetry?: () => void;
  /** The retry button's text: 'Try Again' for the feed, 'Retry' for notifications. */
  retryLabel?: string;
  /** The retry is running: the button shows a spinner and ignores clicks. */
  retrying?: boolean;
}

/** An inline failure with a way to try again; announced when it appears. */
export const ErrorState = forwardRef<HTMLDivElement, ErrorStateProps>(function ErrorState(
  { message, onRetry, retryLabel = 'Try Again', retrying = false, className, ...props },
  ref,
) {
  return (
    <div ref={ref} role="alert" className={cx(styles.root, className)} {...props}>
      <span className={cx(styles.icon, styles.dangerIcon)} aria-hidden="true">
        <CircleAlert />
      </span>
      <p className={styles.message}>{message}</p>
      {onRetry ? (
        <div className={styles.action}>
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            <RotateCw aria-hidden width={16} height={16} />
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
