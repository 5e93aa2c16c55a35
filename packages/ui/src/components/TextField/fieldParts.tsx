import { countGraphemes } from '../../format/graphemes.js';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import * as styles from './TextField.css.js';

export const counterStates = ['normal', 'warning', 'over'] as const;
export type CounterState = (typeof counterStates)[number];

/** How close a text is to its limit: a warning past `warningAbove`, `over` past `max`. */
export function counterStateOf(length: number, max?: number, warningAbove?: number): CounterState {
  if (max !== undefined && length > max) return 'over';
  if (warningAbove !== undefined && length > warningAbove) return 'warning';
  return 'normal';
}

export interface FieldMetaProps {
  /** The field's id: the hint, error and counter take ids from it. */
  id: string;
  /** The field's text, counted as a person sees it. */
  value: string;
  /** Help shown while there is no error. */
  hint?: string;
  /** The inline error, announced. */
  error?: string;
  /** Shows a counter against this limit. */
  maxLength?: number;
  /** The counter turns to a warning above this many characters. */
  counterWarningAbove?: number;
}

export function fieldDescribedBy({ id, hint, error, maxLength }: Omit<FieldMetaProps, 'value'>) {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null, maxLength ? `${id}-counter` : null]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/** The line under a control: the error (or the hint) and the character counter. */
export function FieldMeta({
  id,
  value,
  hint,
  error,
  maxLength,
  counterWarningAbove,
}: FieldMetaProps) {
  const length = countGraphemes(value);
  const state = counterStateOf(length, maxLength, counterWarningAbove);
  if (!hint && !error && maxLength === undefined) return null;
  return (
    <div className={styles.meta}>
      {error ? (
        // role=alert: an error that appears after typing or submitting is announced at once.
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {maxLength !== undefined ? (
        <span id={`${id}-counter`} className={styles.counter} data-state={state}>
          {length} / {maxLength}
          <span className={visuallyHidden}> characters</span>
        </span>
      ) : null}
    </div>
  );
}
