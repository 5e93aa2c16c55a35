import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { cx } from '../../utilities/cx.js';
import { counterStateOf, FieldMeta, fieldDescribedBy } from '../TextField/fieldParts.js';
import * as styles from '../TextField/TextField.css.js';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';

export interface TextAreaProps extends Omit<ComponentPropsWithoutRef<'textarea'>, 'maxLength'> {
  /** The visible label; `hideLabel` keeps it for screen readers only (the compose box). */
  label: string;
  /** Keeps the label for screen readers only, where the context shows what to write. */
  hideLabel?: boolean;
  /** Help shown under the field while there is no error. */
  hint?: string;
  /** The inline error: turns the field invalid and is announced. */
  error?: string;
  /**
   * Shows a counter. The limit is not enforced by the browser (its maxlength counts UTF-16 units,
   * so an emoji would cost two): going over shows the counter in red and marks the field invalid.
   */
  maxLength?: number;
  /** The counter turns to a warning above this many characters. */
  counterWarningAbove?: number;
  /** The current text; TextArea is controlled when a counter is shown. */
  value?: string;
}

/** A labelled multi-line input with hint, inline error and a grapheme-aware counter. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hideLabel, hint, error, maxLength, counterWarningAbove, id, className, value, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const over =
    counterStateOf(countGraphemes(value ?? ''), maxLength, counterWarningAbove) === 'over';
  return (
    <div className={cx(styles.field, className)} data-invalid={error || over ? true : undefined}>
      <label htmlFor={inputId} className={hideLabel ? visuallyHidden : styles.label}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        className={cx(styles.control, styles.textarea)}
        value={value}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={fieldDescribedBy({ id: inputId, hint, error, maxLength })}
        {...props}
      />
      <FieldMeta
        id={inputId}
        value={value ?? ''}
        hint={hint}
        error={error}
        maxLength={maxLength}
        counterWarningAbove={counterWarningAbove}
      />
    </div>
  );
});
