import { LinkProvider, LoadingScreen } from '@whisp/ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router-dom';
import { AppLayout } from './AppLayout';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RouterLink } from './RouterLink';

// Every screen is its own chunk: the first visit downloads only the frame and the page it opens.
const AuthRoute = lazy(() => import('../routes/auth/AuthRoute'));
const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/': () => import('../routes/home/HomeRoute'),
  '/explore': () => import('../routes/explore/ExploreRoute'),
  '/profile': () => import('../routes/profile/ProfileRoute'),
  '/user/:username': () => import('../routes/profile/ProfileRoute'),
  '/whisp/:id': () => import('../routes/whisp/WhispRoute'),
  '/notifications': () => import('../routes/notifications/NotificationsRoute'),
  '/messages': () => import('../routes/messages/MessagesRoute'),
  '/bookmarks': () => import('../routes/bookmarks/BookmarksRoute'),
  '/search': () => import('../routes/search/SearchRoute'),
  '/settings': () => import('../routes/settings/SettingsRoute'),
  '/help': () => import('../routes/help/HelpRoute'),
  '/support/contact': () => import('../routes/support/SupportContactRoute'),
  '/terms': () => import('../routes/legal/TermsRoute'),
  '/privacy': () => import('../routes/legal/PrivacyRoute'),
};
/** Starts downloading a screen's code before the router asks for it (see warmStart.ts). */
export function preloadScreen(pathname: string) {
  // A failed download is the router's to report when it asks for the screen itself.
  screens[pathname]?.().catch(() => {});
}

const lazyScreens = Object.fromEntries(
  Object.entries(screens).map(([path, load]) => [path, lazy(load)]),
);

function Root() {
  return (
    <LinkProvider linkComponent={RouterLink}>
      <ScrollRestoration />
      <Outlet />
    </LinkProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        path: '/auth',
        element: (
          <RedirectIfSignedIn>
            <Suspense fallback={<LoadingScreen label="Loading..." />}>
              <AuthRoute />
            </Suspense>
          </RedirectIfSignedIn>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: Object.entries(lazyScreens).map(([path, Screen]) => ({
          path,
          element: <Screen key={path} />,
        })),
      },
      // Product-spec section 2: any other path leads home (and from there to /auth if signed out).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
