import { z } from 'zod';

// App registration and app tokens of the Mastodon client API (1.2): Mastodon 4.3's
// methods/apps.md, methods/oauth.md and entities/Application.md. Apps send these as JSON, as a
// form or in the query string (docs/mastodon-clients.md, 1.1), all read alike.

/** A redirect URI, or several: a string (several separated by white space) or an array. */
const redirectUris = z
  .union([z.string(), z.array(z.string())])
  .describe(
    "Where to send the member after they authorize: https, http on a loopback address, an app's own scheme (ivory://…), or urn:ietf:wg:oauth:2.0:oob to show the code",
  );

/** POST /api/v1/apps. */
export const mastodonAppBody = z.object({
  client_name: z.string().describe('The name members see on the consent page'),
  redirect_uris: redirectUris,
  scopes: z
    .string()
    .optional()
    .describe('Space-separated scopes the app may ever ask for; "read" when left out'),
  website: z.string().nullish().describe("The app's home page"),
});

/** The application, as GET /api/v1/apps/verify_credentials and the token's app show it. */
export const mastodonApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  scopes: z.array(z.string()),
  redirect_uri: z.string().describe('The redirect URIs joined by line breaks (older apps read it)'),
  redirect_uris: z.array(z.string()),
});

/** POST /api/v1/apps answers the app with its credentials, shown this once. */
export const mastodonCredentialApplicationSchema = mastodonApplicationSchema.extend({
  client_id: z.string(),
  client_secret: z.string().describe('Shown only here: Whisp keeps a hash of it'),
  client_secret_expires_at: z.literal(0).describe('0: it never expires'),
});

/** POST /oauth/token (RFC 6749): which grant, and the app's credentials in the body. */
export const oauthTokenBody = z.object({
  grant_type: z.string(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
});

/** An access token (entities/Token.md). */
export const oauthTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.string().describe('The scopes granted, separated by spaces'),
  created_at: z.number().int().describe('Unix time, in seconds'),
});

/** POST /oauth/revoke. */
export const oauthRevokeBody = z.object({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  token: z.string(),
});

/** POST /oauth/revoke's answer: an empty object, whether or not the token still existed. */
export const oauthRevokeResponse = z.object({});

/** An OAuth error (RFC 6749 5.2). */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});

/**
 * GET /.well-known/oauth-authorization-server (RFC 8414; Mastodon 4.3): how apps find the
 * endpoints, and that PKCE's S256 is supported (Phanpy uses PKCE only when this says so).
 */
export const oauthServerMetadataSchema = z.object({
  issuer: z.string(),
  service_documentation: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  app_registration_endpoint: z.string().describe('Not RFC 8414’s: POST /api/v1/apps'),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
});
