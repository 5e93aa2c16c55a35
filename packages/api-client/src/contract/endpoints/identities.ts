import { z } from 'zod';
import { validateUsername } from '../validation.js';
import { sessionResponseSchema } from './auth.js';
import { confirmationResponse, successTrue } from './common.js';

// Sign in with another account (1.2): OpenID Connect providers an operator configures with
// WHISP_OIDC_PROVIDERS, the member's connected provider accounts ("identities"), and the steps
// between a provider's callback and the app.
//
// How a sign-in runs, so that no token ever sits in a URL a server or a proxy logs:
// 1. The browser opens GET /api/auth/oidc/{id}/start; the server keeps the flow's state, nonce
//    and PKCE verifier in the database (any instance may take the callback) and sends the
//    browser to the provider.
// 2. The provider sends it back to GET /api/auth/oidc/{id}/callback. The server checks state,
//    exchanges the code and validates the ID token, then keeps the outcome as a one-time ticket
//    behind an HttpOnly cookie (OIDC_TICKET_COOKIE, on /api/auth/oidc only, two minutes) and sends
//    the browser to the app's OIDC_COMPLETE_PATH. A failure goes to the same path with `?error=`
//    and the error's code, never a token.
// 3. The app posts POST /api/auth/oidc/complete (the cookie goes with it): a session as login
//    answers, or 409 OIDC_USERNAME_NEEDED when a new member must choose a username first (then
//    it posts again with `username`).
// Connecting from Settings is the same dance started by POST /api/users/me/identities/{provider}
// (signed in, answers the URL to open); its callback links and sends the browser to
// OIDC_CONNECTED_PATH with `?connected=` the provider's id, or `?error=` a code.
// Every failure sent back this way carries `&provider=` the provider's id too.
// The paths, the cookie, the lifetimes and the words are zod-free, in ../identities.ts.

/** One configured provider, as anyone may list them. */
export const oidcProviderSchema = z.object({
  id: z.string().describe('The id the operator gave it, as in its URLs'),
  name: z.string().describe('The name shown to members, e.g. "Keycloak"'),
});

/** GET /api/auth/providers (no sign-in needed): empty when none is configured. */
export const oidcProvidersResponse = z.object({
  success: successTrue,
  data: z.array(oidcProviderSchema),
});

/** /api/auth/oidc/{id}/start and /callback. */
export const oidcProviderParams = z.object({
  id: z.string().describe("The provider's id"),
});

/** The provider's answer at the callback (RFC 6749 4.1.2): a code, or an error. */
export const oidcCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  iss: z.string().optional(),
});

/**
 * POST /api/auth/oidc/complete: `username` only when the first answer asked for one. It is
 * checked as sign-up checks it (400 with the problem under `username`); a taken or reserved one
 * is 409 USERNAME_TAKEN or 400 USERNAME_RESERVED, and the ticket stays usable for another try.
 */
export const oidcCompleteBody = z
  .object({ username: z.string().optional().describe('The username a new member chose') })
  .superRefine((body, context) => {
    if (body.username === undefined) return;
    const problem = validateUsername(body.username);
    if (problem) context.addIssue({ code: 'custom', path: ['username'], message: problem });
  })
  .nullish();

/** A signed-in session, as login answers (200) or register answers (201, a new member). */
export const oidcCompleteResponse = sessionResponseSchema;

/**
 * 409 OIDC_USERNAME_NEEDED's body: what the app needs to ask a new member for their username.
 * `suggested_username` is free and valid when the provider's name allowed one, else null.
 */
export const oidcUsernameNeededSchema = z.object({
  success: z.literal(false),
  code: z.literal('OIDC_USERNAME_NEEDED'),
  message: z.string(),
  data: z.object({
    provider: oidcProviderSchema,
    suggested_username: z.string().nullable(),
    display_name: z.string(),
  }),
});

/** A provider account connected to the member. */
export const identitySchema = z.object({
  id: z.string(),
  provider: z.string().describe("The provider's id"),
  name: z.string().describe("The provider's name"),
  created_at: z.string(),
});

/** GET /api/users/me/identities: in the order they were connected, oldest first. */
export const identitiesResponse = z.object({
  success: successTrue,
  data: z.array(identitySchema),
});

/** POST /api/users/me/identities/{provider}: the provider's URL for the browser to open. */
export const identityConnectParams = z.object({
  provider: z.string().describe("The provider's id"),
});
export const identityConnectResponse = z.object({
  success: successTrue,
  data: z.object({ url: z.string() }),
});

/** DELETE /api/users/me/identities/{id}. */
export const identityParams = z.object({ id: z.string() });

/** DELETE /api/users/me/identities/{id}: IDENTITY_MESSAGES.disconnected. */
export const identityDisconnectResponse = confirmationResponse;

export type OidcProvider = z.output<typeof oidcProviderSchema>;
export type Identity = z.output<typeof identitySchema>;
export type OidcUsernameNeeded = z.output<typeof oidcUsernameNeededSchema>;
