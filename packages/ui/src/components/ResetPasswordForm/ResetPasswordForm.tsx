import { validateNewPassword, validatePasswordConfirmation } from '@whisp/api-client/validation';
import Feather from 'lucide-react/icons/feather';
import { type ComponentPropsWithoutRef, type FormEvent, forwardRef, useId, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { useFieldErrors } from '../../utilities/useFieldErrors.js';
// The same card as sign-in, so the reset page reads as part of that flow.
import * as styles from '../AuthCard/AuthCard.css.js';
import { Button } from '../Button/Button.js';
import { TextField } from '../TextField/TextField.js';

export type ResetPasswordErrors = Partial<Record<'password' | 'confirmPassword', string>>;

export interface ResetPasswordFormProps
  extends Omit<ComponentPropsWithoutRef<'section'>, 'onSubmit'> {
  /** Called with a new password that passed the sign-up rules and was typed the same twice. */
  onSubmit: (password: string) => void;
  /** The new password is on its way: the button shows progress and waits. */
  submitting?: boolean;
  /** The server's refusal ("This reset link is invalid or has expired."). */
  error?: string;
  /** A password rule the server refused (its message under the field). */
  fieldErrors?: ResetPasswordErrors;
  /**
   * The link is dead (used, expired or unknown): the fields give way to `error` and a way to ask
   * for a new link.
   */
  linkInvalid?: boolean;
  /** "Request a new link": back to the forgot-password form. */
  onRequestNewLink?: () => void;
  /** "Back to sign in". */
  onSignIn?: () => void;
}

/** The page a reset link opens: the new password twice, with the sign-up rules and messages. */
export const ResetPasswordForm = forwardRef<HTMLElement, ResetPasswordFormProps>(
  function ResetPasswordForm(
    {
      onSubmit,
      submitting = false,
      error,
      fieldErrors,
      linkInvalid = false,
      onRequestNewLink,
      onSignIn,
      className,
      ...props
    },
    ref,
  ) {
    const titleId = useId();
    const [password, setPassword] = useState('');
    const [confirmPassword, setConfirmPassword] = useState('');
    const { errorFor, setChecked, clear } = useFieldErrors(fieldErrors);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const problems: ResetPasswordErrors = {};
      const weak = validateNewPassword(password);
      const mismatch = validatePasswordConfirmation(password, confirmPassword);
      if (weak) problems.password = weak;
      if (mismatch) problems.confirmPassword = mismatch;
      setChecked(problems);
      if (!weak && !mismatch && !submitting) onSubmit(password);
    };

    return (
      <section
        ref={ref}
        className={cx(styles.card, className)}
        aria-labelledby={titleId}
        data-link-invalid={linkInvalid || undefined}
        {...props}
      >
        <span className={styles.brand}>
          <Feather aria-hidden width={28} height={28} /> Whisp
        </span>
        <div>
          <h1 id={titleId} className={styles.title}>
            Choose a new password
          </h1>
          <p className={styles.subtitle}>
            {linkInvalid
              ? 'Reset links work once, for an hour.'
              : 'Your other sessions will be signed out.'}
          </p>
        </div>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        {linkInvalid ? (
          onRequestNewLink ? (
            <Button size="lg" onClick={onRequestNewLink}>
              Request a new link
            </Button>
          ) : null
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                clear('password');
              }}
              error={errorFor('password')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                clear('confirmPassword');
              }}
              error={errorFor('confirmPassword')}
            />
            <Button type="submit" size="lg" loading={submitting}>
              Set new password
            </Button>
          </form>
        )}
        {onSignIn ? (
          <div className={styles.switches}>
            <span>
              Remembered it?{' '}
              <button type="button" className={styles.linkButton} onClick={onSignIn}>
                Sign in
              </button>
            </span>
          </div>
        ) : null}
      </section>
    );
  },
);
