import { validateUsername } from '@whisp/api-client/validation';
import Feather from 'lucide-react/icons/feather';
import {
  type ComponentPropsWithoutRef,
  type FormEvent,
  forwardRef,
  useId,
  useMemo,
  useState,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { useFieldErrors } from '../../utilities/useFieldErrors.js';
// The same card as sign-in, so finishing a provider's sign-in reads as part of that flow.
import * as styles from '../AuthCard/AuthCard.css.js';
import { Button } from '../Button/Button.js';
import { Spinner } from '../Spinner/Spinner.js';
import { TextField } from '../TextField/TextField.js';

export const providerSignInSteps = ['working', 'username', 'failed'] as const;
/**
 * `working` while the sign-in is finished, `username` when a new member must choose one before
 * their account is made, `failed` when the provider's sign-in did not work.
 */
export type ProviderSignInStep = (typeof providerSignInSteps)[number];

export interface ProviderSignInProps extends Omit<ComponentPropsWithoutRef<'section'>, 'onSubmit'> {
  step: ProviderSignInStep;
  /** The provider's name ("Keycloak"), where it is known. */
  providerName?: string;
  /** `failed`: why (the server's words); `username`: what to do (the server's words too). */
  message?: string;
  /** `username`: the free username offered, filled in to confirm or change. */
  suggestedUsername?: string | null;
  /** `username`: the name the new member will show, from the provider. */
  displayName?: string;
  /** `username`: called with a username that passed the sign-up rules. */
  onSubmitUsername?: (username: string) => void;
  /** The chosen username is on its way. */
  submitting?: boolean;
  /** The server's refusal of the chosen username (taken, reserved), under the field. */
  usernameError?: string;
  /** "Back to sign in". */
  onBackToSignIn?: () => void;
}

const titles: Record<ProviderSignInStep, string> = {
  working: 'Signing you in',
  username: 'Choose a username',
  failed: 'We couldn’t sign you in',
};

/**
 * The page a provider's sign-in comes back to: a wait, the username a new member chooses, or
 * what went wrong with a way back to sign in.
 */
export const ProviderSignIn = forwardRef<HTMLElement, ProviderSignInProps>(function ProviderSignIn(
  {
    step,
    providerName,
    message,
    suggestedUsername,
    displayName,
    onSubmitUsername,
    submitting = false,
    usernameError,
    onBackToSignIn,
    className,
    ...props
  },
  ref,
) {
  const titleId = useId();
  const [username, setUsername] = useState(suggestedUsername ?? '');
  // The offer arrives after the first render (the page mounts while it asks): fill it in then,
  // as long as the member has not typed.
  const [offered, setOffered] = useState(suggestedUsername);
  if (suggestedUsername !== offered) {
    setOffered(suggestedUsername);
    if (username === (offered ?? '')) setUsername(suggestedUsername ?? '');
  }
  // One object per refusal: the hook takes a new object for a new answer from the server.
  const fromServer = useMemo(
    () => (usernameError ? { username: usernameError } : undefined),
    [usernameError],
  );
  const { errorFor, setChecked, clear } = useFieldErrors(fromServer);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateUsername(username);
    setChecked(problem ? { username: problem } : {});
    if (!problem && !submitting) onSubmitUsername?.(username.trim());
  };
  const subtitle =
    step === 'working'
      ? providerName
        ? `Finishing your sign-in with ${providerName}…`
        : 'Finishing your sign-in…'
      : step === 'username' && displayName
        ? `You’re joining Whisp as ${displayName}${providerName ? ` with ${providerName}` : ''}.`
        : undefined;

  return (
    <section
      ref={ref}
      className={cx(styles.card, className)}
      aria-labelledby={titleId}
      aria-busy={step === 'working' || undefined}
      data-step={step}
      {...props}
    >
      <span className={styles.brand}>
        <Feather aria-hidden width={28} height={28} /> Whisp
      </span>
      <div>
        <h1 id={titleId} className={styles.title}>
          {titles[step]}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {step === 'working' ? <Spinner label="Signing you in" size="lg" /> : null}
      {step === 'failed' && message ? (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      ) : null}
      {step === 'username' ? (
        <>
          {message ? (
            <p className={styles.notice} role="status">
              {message}
            </p>
          ) : null}
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                clear('username');
              }}
              error={errorFor('username')}
            />
            <Button type="submit" size="lg" loading={submitting}>
              Create account
            </Button>
          </form>
        </>
      ) : null}
      {onBackToSignIn && step !== 'working' ? (
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={onBackToSignIn}>
            Back to sign in
          </button>
        </div>
      ) : null}
    </section>
  );
});
