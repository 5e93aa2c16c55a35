import { cx } from 'class-variance-authority';
// The per-icon entry point: consumers' bundlers never parse lucide's barrel of ~5,000 modules.
import WifiOff from 'lucide-react/icons/wifi-off';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { fullScreenCentered } from '../../theme/layout.css.js';
import { Button } from '../Button/Button.js';
import * as styles from './ConnectionErrorScreen.css.js';

// Product-spec section 2: the exact words of the start-up screen.
export const CONNECTION_ERROR_TITLE = 'Connection Error';
export const CONNECTION_ERROR_MESSAGE =
  'Unable to connect to server. Please check your connection and try again.';

export interface ConnectionErrorScreenProps extends ComponentPropsWithoutRef<'main'> {
  /** Called when the person presses Retry; the app re-checks the server's health. */
  onRetry: () => void;
  /** True while that check runs: the Retry button shows its loading state. */
  retrying?: boolean;
}

/** Shown instead of the app when the server cannot be reached at start-up. */
export const ConnectionErrorScreen = forwardRef<HTMLElement, ConnectionErrorScreenProps>(
  function ConnectionErrorScreen({ onRetry, retrying = false, className, ...props }, ref) {
    return (
      <main
        ref={ref}
        data-retrying={retrying || undefined}
        className={cx(fullScreenCentered, className)}
        {...props}
      >
        <div className={styles.iconBadge} aria-hidden="true">
          <WifiOff className={styles.icon} strokeWidth={2} />
        </div>
        <div className={styles.text}>
          <h1 className={styles.heading}>{CONNECTION_ERROR_TITLE}</h1>
          <p className={styles.message}>{CONNECTION_ERROR_MESSAGE}</p>
        </div>
        <Button size="lg" className={styles.retryButton} loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      </main>
    );
  },
);
