import { OAUTH_AUTHORIZE_PATH, OAUTH_NATIVE_PATH } from '@whisp/api-client/contract/connected-apps';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../../app/guards';
import { AuthorizationCodePage } from './AuthorizationCodePage';
import { AuthorizeAppPage } from './AuthorizeAppPage';

/** A contract path under OAUTH_PAGES_PATH (`/oauth/*`), as these routes match it. */
const below = (path: string) => path.replace(/^\/oauth\//, '');

/**
 * Mastodon's /oauth pages (screens.ts): the consent page, behind sign-in that comes back to it
 * with the app's whole request, and the code page, signed in or not (the code is in its address).
 */
export default function OauthRoute() {
  return (
    <Routes>
      <Route
        path={below(OAUTH_AUTHORIZE_PATH)}
        element={
          <RequireAuth returnAfterSignIn>
            <AuthorizeAppPage />
          </RequireAuth>
        }
      />
      <Route path={below(OAUTH_NATIVE_PATH)} element={<AuthorizationCodePage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
