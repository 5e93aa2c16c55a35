import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { accountMutations, useWhispClient } from '@whisp/api-client/react';
import { type ResetPasswordErrors, ResetPasswordForm } from '@whisp/ui';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useSession } from '../../app/SessionProvider';
import type { AuthRouteState } from '../auth/AuthRoute';
import * as styles from '../auth/AuthRoute.css';

/**
 * The page a reset mail's link opens (`/reset-password?token=…`), signed in or not: the new
 * password twice, then to sign in with the server's message. The reset ends every session, this
 * browser's included.
 */
export default function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const client = useWhispClient();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useMutation(accountMutations.confirmPasswordReset(client));

  const refused = isApiError(confirm.error) ? confirm.error : undefined;
  const linkInvalid = token === '' || refused?.code === ERRORS.resetTokenInvalid.code;
  // Memoised on the error: the form resets its server errors whenever it gets a new object.
  const fieldErrors = useMemo<ResetPasswordErrors | undefined>(() => {
    const message = refused?.details?.find((detail) => detail.field === 'password')?.message;
    return message ? { password: message } : undefined;
  }, [refused]);
  const error =
    token === ''
      ? ERRORS.resetTokenInvalid.message
      : fieldErrors
        ? undefined
        : confirm.error?.message;

  const toSignIn = (state: AuthRouteState) => navigate('/auth', { replace: true, state });

  return (
    <main className={styles.page}>
      <div className={styles.intro}>
        <p className={styles.brand}>Whisp</p>
        <p className={styles.tagline}>Short posts, real conversations.</p>
      </div>
      <ResetPasswordForm
        linkInvalid={linkInvalid}
        error={error}
        fieldErrors={fieldErrors}
        submitting={confirm.isPending}
        onRequestNewLink={() => toSignIn({ mode: 'forgot' })}
        onSignIn={() => toSignIn({})}
        onSubmit={async (password) => {
          let message: string;
          try {
            ({ message } = await confirm.mutateAsync({ token, password }));
          } catch {
            return; // Shown by the form from confirm.error.
          }
          // The server ended this browser's session too: forget it before the sign-in page.
          if (session.status === 'signed-in') await session.signOut();
          toSignIn({ notice: message });
        }}
      />
    </main>
  );
}
