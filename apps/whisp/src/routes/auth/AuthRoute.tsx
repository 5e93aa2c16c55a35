import { useMutation } from '@tanstack/react-query';
import { type CurrentUser, isApiError } from '@whisp/api-client';
import {
  accountMutations,
  useLogin,
  useRegister,
  useSignInProviders,
  useWhispClient,
} from '@whisp/api-client/react';
import {
  AuthCard,
  type AuthFieldErrors,
  type AuthMode,
  type AuthValues,
  useToast,
} from '@whisp/ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useSession } from '../../app/SessionProvider';
import * as styles from './AuthRoute.css';
import { takeAuthNotice } from './authNotice';

/** The document's title for each form of the card. */
const authPageTitles: Record<AuthMode, string> = {
  login: 'Sign in',
  signup: 'Create your account',
  forgot: 'Reset your password',
};

const serverFields: Record<string, keyof AuthFieldErrors> = {
  email: 'email',
  password: 'password',
  username: 'username',
  display_name: 'displayName',
  displayName: 'displayName',
};

/** What another screen can hand the sign-in page through navigation state. */
export interface AuthRouteState {
  /** Shown above the form: "Your password has been reset. Please sign in." */
  notice?: string;
  /** Open on this form, e.g. `forgot` from an expired reset link. */
  mode?: AuthMode;
}

function routeState(state: unknown): AuthRouteState {
  return typeof state === 'object' && state !== null ? (state as AuthRouteState) : {};
}

/** Login, sign-up and forgot password in one card (product-spec sections 2, 4 and 5). */
export default function AuthRoute() {
  const session = useSession();
  const client = useWhispClient();
  const { toast } = useToast();
  const login = useLogin();
  const register = useRegister();
  const requestReset = useMutation(accountMutations.requestPasswordReset(client));
  // Each provider's button opens its sign-in as a page; none while the list is on its way or
  // could not be read (the email form works without them).
  const providerList = useSignInProviders().data;
  const providers = useMemo(
    () =>
      (providerList ?? []).map((provider) => ({
        ...provider,
        href: client.identities.startUrl(provider.id),
      })),
    [providerList, client],
  );
  const arrivedWith = routeState(useLocation().state);
  const [mode, setMode] = useState<AuthMode>(arrivedWith.mode ?? 'login');
  useDocumentTitle(authPageTitles[mode]);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>();
  const [notice, setNotice] = useState<string | undefined>(
    () => arrivedWith.notice ?? takeAuthNotice(),
  );

  const fail = (fallback: string) => (reason: unknown) => {
    // Product-spec section 8: the server's message is preferred to the generic one.
    const message = isApiError(reason) && reason.message ? reason.message : fallback;
    setError(message);
    toast(message, { variant: 'error' });
    if (isApiError(reason) && reason.details) {
      const fields: AuthFieldErrors = {};
      for (const detail of reason.details) {
        const field = detail.field ? serverFields[detail.field] : undefined;
        if (field) fields[field] = detail.message;
      }
      setFieldErrors(fields);
    }
  };
  const succeed = (user: CurrentUser) => {
    toast(`Welcome, ${user.display_name}!`, { variant: 'success' });
    session.signedIn();
  };

  const submit = (submitted: AuthMode, values: AuthValues) => {
    setError(undefined);
    setNotice(undefined);
    if (submitted === 'login') {
      login.mutate(
        { email: values.email.trim(), password: values.password },
        { onSuccess: ({ user }) => succeed(user), onError: fail('Login failed') },
      );
    } else if (submitted === 'signup') {
      register.mutate(
        {
          email: values.email.trim(),
          password: values.password,
          username: values.username.trim(),
          display_name: values.displayName.trim(),
          bio: null,
        },
        { onSuccess: ({ user }) => succeed(user), onError: fail('Signup failed') },
      );
    } else {
      requestReset.mutate(values.email.trim(), {
        // The same answer whether or not the account exists; back to sign in for when the
        // member has set a new password from the mail.
        onSuccess: ({ message }) => {
          setMode('login');
          setNotice(message);
        },
        onError: fail('Could not send the reset link. Please try again.'),
      });
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.intro}>
        <p className={styles.brand}>Whisp</p>
        <p className={styles.tagline}>Short posts, real conversations.</p>
      </div>
      <AuthCard
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          setError(undefined);
          setNotice(undefined);
        }}
        onSubmit={submit}
        submitting={login.isPending || register.isPending || requestReset.isPending}
        error={error}
        fieldErrors={fieldErrors}
        notice={notice}
        providers={providers}
      />
    </main>
  );
}
