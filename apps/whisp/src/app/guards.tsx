import { ErrorState, LoadingScreen } from '@whisp/ui';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { pendingReturn, rememberReturn, returnNow } from './returnAfterSignIn';
import { useCurrentUser, useSession } from './SessionProvider';

/** To /auth, remembering `path` to come back to once signed in. */
function SignInThenReturn({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturn(path);
    navigate('/auth', { replace: true });
  }, [path, navigate]);
  return null;
}

/** Back where the sign-in page took over, as a new page load (returnAfterSignIn.ts says why). */
function ReturnTo({ path }: { path: string }) {
  useEffect(() => returnNow(path), [path]);
  return <LoadingScreen label="Signing you in..." />;
}

/**
 * Protected routes (product-spec section 2): to /auth when signed out, a wait while checking.
 * `returnAfterSignIn`: once signed in, the member comes back to this very address, query and all
 * (an app's consent page); other routes lead home, as the spec has it.
 */
export function RequireAuth({
  children,
  returnAfterSignIn = false,
}: {
  children: ReactNode;
  returnAfterSignIn?: boolean;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-out') {
    return returnAfterSignIn ? (
      <SignInThenReturn path={`${location.pathname}${location.search}`} />
    ) : (
      <Navigate to="/auth" replace />
    );
  }
  if (session.status === 'checking') return <LoadingScreen label="Checking authentication..." />;
  if (session.status === 'error') {
    return (
      <main style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
        <ErrorState
          message="We could not check your session. Please try again."
          onRetry={session.retry}
          retryLabel="Retry"
        />
      </main>
    );
  }
  return children;
}

/** /auth sends a signed-in member home, or back to the page that sent them to sign in. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') {
    const back = pendingReturn();
    return back ? <ReturnTo path={back} /> : <Navigate to="/" replace />;
  }
  if (session.status === 'checking') return <LoadingScreen label="Checking authentication..." />;
  return children;
}

/** Whether a member of this role works the moderation queue (moderators and admins). */
export const isStaff = (role: string | undefined) => role === 'moderator' || role === 'admin';

/**
 * Moderators and admins only: anyone else is sent home. The server refuses the queue's requests
 * to them as well (403 FORBIDDEN); this spares them a page of errors.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (!isStaff(me.role)) return <Navigate to="/" replace />;
  return children;
}
