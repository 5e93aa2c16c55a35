import { continueWithLabel } from '@whisp/api-client/contract/identities';
import {
  validateDisplayName,
  validateEmail,
  validateLoginPassword,
  validateNewPassword,
  validatePasswordConfirmation,
  validateUsername,
} from '@whisp/api-client/validation';
import Feather from 'lucide-react/icons/feather';
import { type ComponentPropsWithoutRef, type FormEvent, forwardRef, useId, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { useFieldErrors } from '../../utilities/useFieldErrors.js';
import { Button } from '../Button/Button.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './AuthCard.css.js';

export const authModes = ['login', 'signup', 'forgot'] as const;
export type AuthMode = (typeof authModes)[number];

export const authFields = [
  'email',
  'password',
  'confirmPassword',
  'displayName',
  'username',
] as const;
export type AuthField = (typeof authFields)[number];
export type AuthValues = Record<AuthField, string>;
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

const emptyValues: AuthValues = {
  email: '',
  password: '',
  confirmPassword: '',
  displayName: '',
  username: '',
};

const copy: Record<AuthMode, { title: string; subtitle: string; submit: string }> = {
  login: { title: 'Sign in to Whisp', subtitle: 'Welcome back.', submit: 'Sign in' },
  signup: { title: 'Create your account', subtitle: 'Join the conversation.', submit: 'Sign up' },
  forgot: {
    title: 'Reset your password',
    subtitle: 'We’ll email you a link to reset it.',
    submit: 'Send reset link',
  },
};

/** The spec's rules (section 5) for the fields a mode shows, in the order they are shown. */
export function validateAuth(mode: AuthMode, values: AuthValues): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  const set = (field: AuthField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('email', validateEmail(values.email));
  if (mode === 'login') set('password', validateLoginPassword(values.password));
  if (mode === 'signup') {
    set('password', validateNewPassword(values.password));
    set('confirmPassword', validatePasswordConfirmation(values.password, values.confirmPassword));
    set('displayName', validateDisplayName(values.displayName));
    set('username', validateUsername(values.username));
  }
  return errors;
}

/** A sign-in provider's button: where it leads (the app gives the API's address for it). */
export interface AuthCardProvider {
  id: string;
  /** Shown as "Continue with {name}". */
  name: string;
  /** Opened as a page: the provider's sign-in is a round of redirects, not a request. */
  href: string;
}

export interface AuthCardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'onSubmit'> {
  /** The form shown (`login`, `signup`, `forgot`), controlled; or `defaultMode`. */
  mode?: AuthMode;
  /** The form shown first when the card keeps the mode itself. */
  defaultMode?: AuthMode;
  /** Called as the member switches between sign in, sign up and reset. */
  onModeChange?: (mode: AuthMode) => void;
  /** Called with values that passed the spec's checks. */
  onSubmit: (mode: AuthMode, values: AuthValues) => void;
  /** The request is on its way: the button shows progress and waits. */
  submitting?: boolean;
  /** The form's failure ('Login failed', or the server's message). */
  error?: string;
  /** Field errors from the server (e.g. a taken username); cleared as the field is edited. */
  fieldErrors?: AuthFieldErrors;
  /** Shown above the form, e.g. after a reset link was sent. */
  notice?: string;
  /**
   * Other ways in, one "Continue with {name}" button each under the email form when signing in
   * or up; nothing when empty.
   */
  providers?: readonly AuthCardProvider[];
}

/** Sign in, sign up and forgot password in one card, with the spec's field errors. */
export const AuthCard = forwardRef<HTMLElement, AuthCardProps>(function AuthCard(
  {
    mode: modeProp,
    defaultMode = 'login',
    onModeChange,
    onSubmit,
    submitting = false,
    error,
    fieldErrors,
    notice,
    providers = [],
    className,
    ...props
  },
  ref,
) {
  const titleId = useId();
  const [mode, setMode] = useControllableState(modeProp, defaultMode, onModeChange);
  const [values, setValues] = useState<AuthValues>(emptyValues);
  const { errorFor, setChecked, clear, clearAll } = useFieldErrors<AuthField>(fieldErrors);
  const change = (field: AuthField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };
  const switchTo = (next: AuthMode) => {
    clearAll();
    setMode(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateAuth(mode, values);
    setChecked(problems);
    if (Object.keys(problems).length === 0) onSubmit(mode, values);
  };
  const text = copy[mode];

  return (
    <section ref={ref} className={cx(styles.card, className)} aria-labelledby={titleId} {...props}>
      <span className={styles.brand}>
        <Feather aria-hidden width={28} height={28} /> Whisp
      </span>
      <div>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <p className={styles.subtitle}>{text.subtitle}</p>
      </div>
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
      <form className={styles.form} onSubmit={submit} noValidate>
        {mode === 'signup' ? (
          <>
            <TextField
              label="Display name"
              autoComplete="name"
              value={values.displayName}
              onChange={change('displayName')}
              error={errorFor('displayName')}
            />
            <TextField
              label="Username"
              autoComplete="username"
              value={values.username}
              onChange={change('username')}
              error={errorFor('username')}
            />
          </>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={errorFor('email')}
        />
        {mode !== 'forgot' ? (
          <TextField
            label="Password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={change('password')}
            error={errorFor('password')}
          />
        ) : null}
        {mode === 'signup' ? (
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            error={errorFor('confirmPassword')}
          />
        ) : null}
        <Button type="submit" size="lg" loading={submitting}>
          {text.submit}
        </Button>
      </form>
      {providers.length > 0 && mode !== 'forgot' ? (
        <div className={styles.providers}>
          {/* The list names itself; the "or" between hairlines is only for the eye. */}
          <p className={styles.providersDivider} aria-hidden="true">
            or
          </p>
          <ul className={styles.providerList} aria-label="Other ways to sign in">
            {providers.map((provider) => (
              <li key={provider.id}>
                <Button asChild variant="secondary" size="lg" className={styles.providerButton}>
                  <a href={provider.href}>{continueWithLabel(provider.name)}</a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.switches}>
        {mode === 'login' ? (
          <>
            <button type="button" className={styles.linkButton} onClick={() => switchTo('forgot')}>
              Forgot password?
            </button>
            <span>
              New to Whisp?{' '}
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => switchTo('signup')}
              >
                Create an account
              </button>
            </span>
          </>
        ) : (
          <span>
            {mode === 'signup' ? 'Already have an account? ' : 'Remembered it? '}
            <button type="button" className={styles.linkButton} onClick={() => switchTo('login')}>
              Sign in
            </button>
          </span>
        )}
      </div>
    </section>
  );
});
