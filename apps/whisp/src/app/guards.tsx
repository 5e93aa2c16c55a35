import { ErrorState, LoadingScreen } from '@whisp/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser, useSession } from './SessionProvider';

/** Protected routes (product-spec section 2): to /auth when signed out, a wait while checking. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/auth" replace />;
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

/** /auth sends a signed-in member home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
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
