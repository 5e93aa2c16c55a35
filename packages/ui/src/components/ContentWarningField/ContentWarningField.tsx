import { CONTENT_WARNING_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '../TextField/TextField.js';

export interface ContentWarningFieldProps
  extends Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'maxLength' | 'defaultValue'> {
  /** The warning as typed ('' for none yet). */
  value: string;
  onValueChange: (value: string) => void;
  /** The field's label. */
  label?: string;
}

/**
 * The one-line warning shown above a whisp's text, with its counter: readers see it first and
 * open the whisp if they choose. Blank means no warning.
 */
export const ContentWarningField = forwardRef<HTMLInputElement, ContentWarningFieldProps>(
  function ContentWarningField(
    {
      value,
      onValueChange,
      label = 'Content warning',
      placeholder = 'What is it about? (spoilers, news, a hard topic)',
      ...props
    },
    ref,
  ) {
    return (
      <TextField
        ref={ref}
        label={label}
        placeholder={placeholder}
        value={value}
        maxLength={CONTENT_WARNING_MAX_LENGTH}
        counterWarningAbove={CONTENT_WARNING_MAX_LENGTH - 10}
        autoComplete="off"
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
    );
  },
);
