import { isApiError, type OidcCompletion } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { oidcFailureMessage, readOidcReturn } from '@whisp/api-client/contract/identities';
import { useCompleteOidcSignIn, useSignInProviders } from '@whisp/api-client/react';
import { ProviderSignIn, type ProviderSignInStep, useToast } from '@whisp/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { pendingReturn, returnNow } from '../../app/returnAfterSignIn';
import { useSession } from '../../app/SessionProvider';
import * as styles from './AuthRoute.css';

type UsernameNeeded = Extract<OidcCompletion, { status: 'username-needed' }>;

/** Refusals of a chosen username, shown under its field; any other failure ends the page. */
const usernameRefusals: readonly string[] = [
  ERRORS.usernameTaken.code,
  ERRORS.usernameReserved.code,
  ERRORS.invalidRequest.code,
];

const pageTitles: Record<ProviderSignInStep, string> = {
  working: 'Signing in',
  username: 'Choose a username',
  failed: 'Sign-in failed',
};

/**
 * OIDC_COMPLETE_PATH, where a provider's callback sends the browser: finishes the sign-in with
 * the one-time ticket its cookie carries (never a token in the address), asks a new member for
 * their username when the server needs one, or shows the failure `?error=` names.
 */
export default function ProviderSignInRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const returned = readOidcReturn(useLocation().search);
  const providers = useSignInProviders();
  const { mutate, isPending } = useCompleteOidcSignIn();
  const [asked, setAsked] = useState<UsernameNeeded>();
  const [failure, setFailure] = useState<string>();
  const [usernameError, setUsernameError] = useState<string>();

  const finish = (username?: string) =>
    mutate(username, {
      onSuccess: (completion) => {
        if (completion.status === 'username-needed') {
          setAsked(completion);
          return;
        }
        // As a password sign-in: the client stored the token and cached the member.
        toast(`Welcome, ${completion.session.user.display_name}!`, { variant: 'success' });
        session.signedIn();
        // Back to the page that sent the member to sign in (an app's consent page), or home.
        const back = pendingReturn();
        if (back) returnNow(back);
        else navigate('/', { replace: true });
      },
      onError: (error) => {
        if (username !== undefined && isApiError(error) && usernameRefusals.includes(error.code)) {
          setUsernameError(error.message);
        } else {
          setFailure(error.message);
        }
      },
    });

  // Once per visit: the ticket works once, so a second request (React's development double
  // effects, a re-render) would read as a replay and fail.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || returned.error) return;
    started.current = true;
    finish();
  });

  // A failure names its provider: its name comes with the providers' list.
  const failed = Boolean(returned.error || failure) && !providers.isPending;
  const step: ProviderSignInStep = failed ? 'failed' : asked ? 'username' : 'working';
  useDocumentTitle(pageTitles[step]);
  const providerName =
    providers.data?.find((provider) => provider.id === returned.provider)?.name ??
    asked?.provider.name;

  return (
    <main className={styles.page}>
      <div className={styles.intro}>
        <p className={styles.brand}>Whisp</p>
        <p className={styles.tagline}>Short posts, real conversations.</p>
      </div>
      <ProviderSignIn
        step={step}
        providerName={providerName}
        message={
          step === 'failed'
            ? returned.error
              ? oidcFailureMessage(returned.error, providerName ?? returned.provider ?? '')
              : failure
            : asked?.message
        }
        suggestedUsername={asked?.suggestedUsername}
        displayName={asked?.displayName}
        submitting={isPending}
        usernameError={usernameError}
        onSubmitUsername={(username) => {
          setUsernameError(undefined);
          finish(username);
        }}
        onBackToSignIn={() => navigate('/auth', { replace: true })}
      />
    </main>
  );
}
