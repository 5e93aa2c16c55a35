import {
  validateLoginPassword,
  validateNewPassword,
  validatePasswordConfirmation,
} from '@whisp/api-client/validation';
import { type ComponentPropsWithoutRef, type FormEvent, forwardRef, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { useFieldErrors } from '../../utilities/useFieldErrors.js';
import { Button } from '../Button/Button.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './PasswordChangeForm.css.js';

export const passwordChangeFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordChangeField = (typeof passwordChangeFields)[number];
export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string>>;

export interface PasswordChangeValues {
  /** Empty when the member has no password to give (`hasPassword` false). */
  currentPassword: string;
  newPassword: string;
}

/**
 * The sign-up rules for the new password, presence for the current one (unless the member has
 * none), in field order.
 */
export function validatePasswordChange(
  values: Record<PasswordChangeField, string>,
  { hasPassword = true }: { hasPassword?: boolean } = {},
): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  const current = hasPassword ? validateLoginPassword(values.currentPassword) : undefined;
  const next = validateNewPassword(values.newPassword);
  const confirmation = validatePasswordConfirmation(values.newPassword, values.confirmPassword);
  if (current) errors.currentPassword = current;
  if (next) errors.newPassword = next;
  if (confirmation) errors.confirmPassword = confirmation;
  return errors;
}

export interface PasswordChangeFormProps
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** Called with values that passed the checks; the server checks the current password. */
  onSubmit: (values: PasswordChangeValues) => void;
  /** The change is on its way: the button shows progress and waits. */
  submitting?: boolean;
  /** A failure that belongs to no field (a rate limit, the network). */
  error?: string;
  /** Field errors from the server (a wrong current password); cleared as the field is edited. */
  fieldErrors?: PasswordChangeErrors;
  /** Shown above the fields after a change went through. Remount (a new `key`) to clear them. */
  notice?: string;
  /**
   * False for a member who has no password (they signed up with another account): they set one,
   * with no current password to give.
   */
  hasPassword?: boolean;
}

const emptyValues: Record<PasswordChangeField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * Change password: the current one, then the new one twice, with the sign-up rules. A member who
 * has none sets one: the new one twice.
 */
export const PasswordChangeForm = forwardRef<HTMLFormElement, PasswordChangeFormProps>(
  function PasswordChangeForm(
    {
      onSubmit,
      submitting = false,
      error,
      fieldErrors,
      notice,
      hasPassword = true,
      className,
      ...props
    },
    ref,
  ) {
    const [values, setValues] = useState(emptyValues);
    const { errorFor, setChecked, clear } = useFieldErrors(fieldErrors);
    const change = (field: PasswordChangeField) => (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      clear(field);
    };
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const problems = validatePasswordChange(values, { hasPassword });
      setChecked(problems);
      if (Object.keys(problems).length === 0 && !submitting) {
        onSubmit({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      }
    };
    return (
      <form
        ref={ref}
        className={cx(styles.form, className)}
        onSubmit={submit}
        noValidate
        data-submitting={submitting || undefined}
        {...props}
      >
        {notice ? (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        {hasPassword ? (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={change('currentPassword')}
            error={errorFor('currentPassword')}
          />
        ) : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={change('newPassword')}
          error={errorFor('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errorFor('confirmPassword')}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={submitting}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </div>
      </form>
    );
  },
);
