import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { FieldMeta, fieldDescribedBy } from './fieldParts.js';
import * as styles from './TextField.css.js';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'maxLength'> {
  /** The visible label; every field has one. */
  label: string;
  /** Help shown under the field while there is no error. */
  hint?: string;
  /** The inline error: turns the field invalid and is announced. */
  error?: string;
  /** Shows a counter; characters are counted as a person sees them (an emoji is one). */
  maxLength?: number;
  /** The counter turns to a warning above this many characters. */
  counterWarningAbove?: number;
}

/** A labelled one-line input with hint, inline error and optional counter, wired by aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    hint,
    error,
    maxLength,
    counterWarningAbove,
    id,
    className,
    value,
    defaultValue,
    ...props
  },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cx(styles.field, className)} data-invalid={error ? true : undefined}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.control}
        value={value}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy({ id: inputId, hint, error, maxLength })}
        {...props}
      />
      <FieldMeta
        id={inputId}
        value={String(value ?? '')}
        hint={hint}
        error={error}
        maxLength={maxLength}
        counterWarningAbove={counterWarningAbove}
      />
    </div>
  );
});
