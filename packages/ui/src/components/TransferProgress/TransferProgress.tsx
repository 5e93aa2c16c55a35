import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { formatBytes, percentOf } from '../../format/bytes.js';
import { cx } from '../../utilities/cx.js';
import type { TransferState } from './TransferProgress.css.js';
import * as styles from './TransferProgress.css.js';

export interface TransferProgressProps extends ComponentPropsWithoutRef<'div'> {
  /** What is moving: "Downloading your data", "Uploading whisp-ada.zip". Names the progress bar. */
  label: string;
  /** `active` while bytes move, then `done` or `error`. */
  state?: TransferState;
  /** Bytes sent or received so far. */
  loaded?: number;
  /** The whole size in bytes, when the other side said it; without it the bar is indeterminate. */
  total?: number | null;
  /**
   * Working with no measure of how far along (the server preparing an archive, or reading an
   * upload it has received whole): an animated bar and `activity` as its text.
   */
  indeterminate?: boolean;
  /** The words for an indeterminate wait, e.g. "Preparing your archive…". */
  activity?: string;
  /** Shown under the bar once `done` (a summary) or on `error` (what went wrong). */
  message?: string;
}

function amountText(
  state: TransferState,
  loaded: number | undefined,
  total: number | null | undefined,
  percent: number | undefined,
  activity: string | undefined,
): string {
  if (state === 'done') return total ? formatBytes(total) : loaded ? formatBytes(loaded) : 'Done';
  if (loaded === undefined) return activity ?? 'Starting…';
  if (percent !== undefined && total) {
    return `${formatBytes(loaded)} of ${formatBytes(total)} (${percent}%)`;
  }
  return `${formatBytes(loaded)} received`;
}

/**
 * A transfer's progress: a labelled bar with bytes and percent when the size is known, an
 * indeterminate bar when it is not, then a done or error line. A native-like `progressbar`
 * (Radix Progress is not a dependency), so screen readers hear the label and the amount.
 */
export const TransferProgress = forwardRef<HTMLDivElement, TransferProgressProps>(
  function TransferProgress(
    {
      label,
      state = 'active',
      loaded,
      total,
      indeterminate = false,
      activity,
      message,
      className,
      ...props
    },
    ref,
  ) {
    const labelId = useId();
    const knownPercent = state === 'done' ? 100 : percentOf(loaded ?? 0, total);
    // Unknown size mid-transfer is indeterminate too: there is no fraction to draw.
    const unmeasured = state === 'active' && (indeterminate || knownPercent === undefined);
    const percent = unmeasured ? undefined : knownPercent;
    const text =
      indeterminate && state === 'active'
        ? (activity ?? 'Working…')
        : amountText(state, loaded, total, percent, activity);
    return (
      <div
        ref={ref}
        className={cx(styles.root, className)}
        data-state={state}
        data-indeterminate={unmeasured || undefined}
        {...props}
      >
        <div className={styles.header}>
          <span id={labelId} className={styles.label}>
            {label}
          </span>
          <span className={styles.amount} aria-hidden="true">
            {text}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          // Left out while indeterminate: ARIA reads a missing value as "unknown".
          aria-valuenow={percent}
          aria-valuetext={text}
          aria-busy={state === 'active' || undefined}
          className={styles.track}
        >
          <div
            className={styles.indicator}
            style={unmeasured ? undefined : { width: `${percent ?? 0}%` }}
          />
        </div>
        {state === 'done' && message ? (
          <p className={cx(styles.outcome, styles.doneOutcome)} role="status">
            <CircleCheck aria-hidden width={16} height={16} className={styles.outcomeIcon} />
            {message}
          </p>
        ) : null}
        {state === 'error' && message ? (
          <p className={cx(styles.outcome, styles.errorOutcome)} role="alert">
            <CircleAlert aria-hidden width={16} height={16} className={styles.outcomeIcon} />
            {message}
          </p>
        ) : null}
      </div>
    );
  },
);
