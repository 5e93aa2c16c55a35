import { z } from 'zod';
import { confirmationResponse, successTrue } from './common.js';

// Connected apps (Mastodon client API 1.2): Whisp's own API for the consent page and for
// Settings. The Mastodon side (app registration, /oauth/token) is the server's alone; these are
// what the web app calls, so they live here beside the rest, with mocks.
//
// How a member authorizes an app, so that the answer is a real HTTP redirect (phone apps and
// WebViews only see those) and no token of the member's ever sits in a form or a URL:
// 1. The app opens GET /oauth/authorize?response_type=code&client_id…&redirect_uri…&scope…&state…
//    (and PKCE's code_challenge). The server answers with the web app, whose consent page signs
//    the member in if needed, then asks GET /api/oauth/authorization with the same query: the
//    app's name and what it asks for, or why it cannot be authorized (400, shown on the page).
// 2. Authorize or Deny posts POST /api/oauth/authorization (signed in) with the query and the
//    decision: a one-use ticket, valid OAUTH_TICKET_TTL_SECONDS.
// 3. The page submits a real form, POST /oauth/authorize with the ticket (OAUTH_TICKET_FIELD).
//    The server answers 303: to the redirect URI with `code` and `state` (or `error=access_denied`
//    after Deny), or to OAUTH_NATIVE_PATH with `code` for an out-of-band app. The page that
//    carries the form is served with a Content-Security-Policy whose form-action allows that
//    redirect URI, else a browser blocks the redirect after the post.
// 4. The app exchanges the code at POST /oauth/token (with PKCE's code_verifier if it sent a
//    challenge) for a token; the app then shows in GET /api/users/me/apps until it is revoked.

/** The authorize request, as the app put it in the address (RFC 6749 4.1.1, RFC 7636 4.3). */
export const oauthAuthorizationQuery = z.object({
  response_type: z.string().optional().describe('Must be "code"'),
  client_id: z.string().optional().describe('The app’s client_id, from POST /api/v1/apps'),
  redirect_uri: z
    .string()
    .optional()
    .describe(
      'One of the app’s redirect URIs exactly; may be left out when the app registered only one',
    ),
  scope: z
    .string()
    .optional()
    .describe('Scopes separated by spaces (or +); default "read"; within the app’s own'),
  state: z.string().optional().describe('Given back to the app unchanged'),
  code_challenge: z.string().optional().describe('PKCE (RFC 7636): BASE64URL(SHA-256(verifier))'),
  code_challenge_method: z.string().optional().describe('PKCE: only "S256"'),
});

/** The app as the consent page names it. */
export const oauthClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
});

/** GET /api/oauth/authorization: what the member is asked to allow. */
export const oauthAuthorizationResponse = z.object({
  success: successTrue,
  data: z.object({
    app: oauthClientSchema,
    scopes: z.array(z.string()).describe('What the app asks for, checked and without repeats'),
    redirect_uri: z.string().describe('Where the member returns to, checked'),
    out_of_band: z
      .boolean()
      .describe('The app has no address to return to: Whisp shows the member a code to copy'),
  }),
});

/** POST /api/oauth/authorization: the request again, and the member's decision. */
export const oauthDecisionBody = oauthAuthorizationQuery.extend({
  decision: z.enum(['approve', 'deny']).describe('Authorize, or Deny'),
});

/** POST /api/oauth/authorization: the one-use ticket to post to /oauth/authorize in a form. */
export const oauthDecisionResponse = z.object({
  success: successTrue,
  data: z.object({ ticket: z.string() }),
});

/** An app the member authorized, while it holds a token of theirs. */
export const connectedAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  scopes: z.array(z.string()).describe('Everything its live tokens were granted'),
  authorized_at: z.string().describe('When the member last authorized it'),
  last_used_at: z.string().describe('When it last used the member’s account'),
});

/** GET /api/users/me/apps: most recently authorized first. */
export const connectedAppsResponse = z.object({
  success: successTrue,
  data: z.array(connectedAppSchema),
});

/** DELETE /api/users/me/apps/{id}. */
export const connectedAppParams = z.object({ id: z.string() });

/** DELETE /api/users/me/apps/{id}: every token of the app is revoked; CONNECTED_APP_MESSAGES.revoked. */
export const connectedAppRevokeResponse = confirmationResponse;

export type OauthAuthorizationQuery = z.input<typeof oauthAuthorizationQuery>;
export type OauthAuthorizationRequest = z.output<typeof oauthAuthorizationResponse>['data'];
export type OauthDecision = z.input<typeof oauthDecisionBody>;
export type ConnectedApp = z.output<typeof connectedAppSchema>;
