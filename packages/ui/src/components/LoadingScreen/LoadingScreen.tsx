import { cx } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { fullScreenCentered } from '../../theme/layout.css.js';
import { Spinner } from '../Spinner/Spinner.js';
import * as styles from './LoadingScreen.css.js';

export interface LoadingScreenProps extends ComponentPropsWithoutRef<'div'> {
  /** Shown under the spinner and announced, e.g. "Checking authentication...". */
  label?: string;
}

/** A whole-screen wait: while the app checks the server or the session, or loads a route. */
export const LoadingScreen = forwardRef<HTMLDivElement, LoadingScreenProps>(function LoadingScreen(
  { label = 'Loading...', className, ...props },
  ref,
) {
  return (
    <div
      ref={ref}
      // The visible label is the announcement; the spinner beside it is only decoration.
      role="status"
      aria-live="polite"
      className={cx(fullScreenCentered, className)}
      {...props}
    >
      <Spinner decorative size="lg" className={styles.spinner} />
      <p className={styles.label}>{label}</p>
    </div>
  );
});
