import { OIDC_COMPLETE_PATH } from '@whisp/api-client/contract/identities';
import { LinkProvider, LoadingScreen } from '@whisp/ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { AppLayout } from './AppLayout';
import { useFocusHeadingOnNavigation } from './a11y/useFocusHeadingOnNavigation';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RouterLink, RouterLinkProvider } from './RouterLink';
import { ScrollRestoration } from './ScrollRestoration';
import {
  AUTH_SCREEN_MODULE,
  OAUTH_PAGES_PATH,
  OAUTH_SCREEN_MODULE,
  PROVIDER_SIGN_IN_SCREEN_MODULE,
  RESET_PASSWORD_PATH,
  RESET_PASSWORD_SCREEN_MODULE,
  SCREEN_MODULES,
} from './screens';

// Every screen is its own chunk: the first visit downloads only the frame and the page it opens.
const screenModules = import.meta.glob<{ default: ComponentType }>('../routes/*/*Route.tsx');
function screenModule(file: string) {
  const load = screenModules[`../${file}`];
  if (!load)
    throw new Error(`screens.ts names src/${file}, which is not a routes/*/*Route.tsx file.`);
  return load;
}
const AuthRoute = lazy(screenModule(AUTH_SCREEN_MODULE));
const ResetPasswordRoute = lazy(screenModule(RESET_PASSWORD_SCREEN_MODULE));
const ProviderSignInRoute = lazy(screenModule(PROVIDER_SIGN_IN_SCREEN_MODULE));
const OauthRoute = lazy(screenModule(OAUTH_SCREEN_MODULE));
const screens = Object.fromEntries(
  Object.entries(SCREEN_MODULES).map(([path, file]) => [path, screenModule(file)]),
);
/** Starts downloading a screen's code before the router asks for it (see warmStart.ts). */
export function preloadScreen(pathname: string) {
  // A failed download is the router's to report when it asks for the screen itself.
  screens[pathname]?.().catch(() => {});
}

const lazyScreens = Object.fromEntries(
  Object.entries(screens).map(([path, load]) => [path, lazy(load)]),
);

function Root() {
  useFocusHeadingOnNavigation();
  return (
    <RouterLinkProvider>
      <LinkProvider linkComponent={RouterLink}>
        <ScrollRestoration />
        <Outlet />
      </LinkProvider>
    </RouterLinkProvider>
  );
}

/**
 * The app's routes, in react-router's declarative mode: the data router (loaders, actions,
 * fetchers) is not used here, and leaving it out takes 56 kB off the script every first visit
 * parses before it can draw.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Root />}>
          <Route
            path="/auth"
            element={
              <RedirectIfSignedIn>
                <Suspense fallback={<LoadingScreen label="Loading..." />}>
                  <AuthRoute />
                </Suspense>
              </RedirectIfSignedIn>
            }
          />
          <Route
            path={RESET_PASSWORD_PATH}
            element={
              <Suspense fallback={<LoadingScreen label="Loading..." />}>
                <ResetPasswordRoute />
              </Suspense>
            }
          />
          <Route
            path={OIDC_COMPLETE_PATH}
            element={
              <Suspense fallback={<LoadingScreen label="Loading..." />}>
                <ProviderSignInRoute />
              </Suspense>
            }
          />
          <Route
            path={OAUTH_PAGES_PATH}
            element={
              <Suspense fallback={<LoadingScreen label="Loading..." />}>
                <OauthRoute />
              </Suspense>
            }
          />
          <Route
            element={
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            }
          >
            {Object.entries(lazyScreens).map(([path, Screen]) => (
              <Route key={path} path={path} element={<Screen key={path} />} />
            ))}
          </Route>
          {/* Product-spec section 2: any other path leads home (and from there to /auth if signed out). */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
