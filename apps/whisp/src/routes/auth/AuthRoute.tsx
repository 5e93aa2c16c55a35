import { type CurrentUser, isApiError } from '@whisp/api-client';
import { useLogin, useRegister } from '@whisp/api-client/react';
import {
  AuthCard,
  type AuthFieldErrors,
  type AuthMode,
  type AuthValues,
  useToast,
} from '@whisp/ui';
import { useState } from 'react';
import { useSession } from '../../app/SessionProvider';
import * as styles from './AuthRoute.css';

const serverFields: Record<string, keyof AuthFieldErrors> = {
  email: 'email',
  password: 'password',
  username: 'username',
  display_name: 'displayName',
  displayName: 'displayName',
};

/** Login, sign-up and forgot password in one card (product-spec sections 2, 4 and 5). */
export default function AuthRoute() {
  const session = useSession();
  const { toast } = useToast();
  const login = useLogin();
  const register = useRegister();
  const [mode, setMode] = useState<AuthMode>('login');
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>();
  const [notice, setNotice] = useState<string>();

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
      // Password reset is simulated locally (product-spec section 1): no server call.
      setMode('login');
      setNotice(`If an account exists for ${values.email.trim()}, a reset link is on its way.`);
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
        submitting={login.isPending || register.isPending}
        error={error}
        fieldErrors={fieldErrors}
        notice={notice}
      />
    </main>
  );
}
