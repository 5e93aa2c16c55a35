/**
 * The module that draws each screen, by path (relative to src/). The router loads each lazily,
 * as its own chunk; the build reads this table too, so the boot script can start downloading the
 * chunk of the screen a visit opens alongside the app's entry (vite-plugins/boot.ts).
 */
export const SCREEN_MODULES = {
  '/': 'routes/home/HomeRoute.tsx',
  '/explore': 'routes/explore/ExploreRoute.tsx',
  '/profile': 'routes/profile/ProfileRoute.tsx',
  '/user/:username': 'routes/profile/ProfileRoute.tsx',
  '/whisp/:id': 'routes/whisp/WhispRoute.tsx',
  '/notifications': 'routes/notifications/NotificationsRoute.tsx',
  '/messages': 'routes/messages/MessagesRoute.tsx',
  '/bookmarks': 'routes/bookmarks/BookmarksRoute.tsx',
  '/search': 'routes/search/SearchRoute.tsx',
  '/settings': 'routes/settings/SettingsRoute.tsx',
  '/follow-requests': 'routes/follow-requests/FollowRequestsRoute.tsx',
  '/scheduled': 'routes/scheduled/ScheduledRoute.tsx',
  '/moderation': 'routes/moderation/ModerationRoute.tsx',
  '/help': 'routes/help/HelpRoute.tsx',
  '/support/contact': 'routes/support/SupportContactRoute.tsx',
  '/terms': 'routes/legal/TermsRoute.tsx',
  '/privacy': 'routes/legal/PrivacyRoute.tsx',
} as const satisfies Record<string, string>;

/** Signed out, every path leads to /auth (product-spec section 2). */
export const AUTH_SCREEN_MODULE = 'routes/auth/AuthRoute.tsx';

/**
 * Opened from a password reset mail, signed in or out, so outside the guards. Its path is the
 * contract's PASSWORD_RESET_PAGE_PATH (the e2e journey follows a mailed link to it).
 */
export const RESET_PASSWORD_SCREEN_MODULE = 'routes/reset-password/ResetPasswordRoute.tsx';
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Where a provider's sign-in comes back to (the contract's OIDC_COMPLETE_PATH), signed in or out,
 * so outside the guards: it signs the member in.
 */
export const PROVIDER_SIGN_IN_SCREEN_MODULE = 'routes/auth/ProviderSignInRoute.tsx';

/**
 * The pages a Mastodon app sends a member to (the consent page, and the code page of an app
 * without an address of its own), outside the app's layout. One chunk with their own routes:
 * their paths come from the contract's connected-apps module, whose words for every scope would
 * otherwise ride in the first screen's script.
 */
export const OAUTH_SCREEN_MODULE = 'routes/oauth/OauthRoute.tsx';
export const OAUTH_PAGES_PATH = '/oauth/*';
