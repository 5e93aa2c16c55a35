// What the Mastodon client API answers in `error` (and OAuth's `error_description`), one source for
// the server and its tests. Apps show these to members as they are.

export const MASTODON_MESSAGES = {
  appNameRequired: 'The app needs a name (client_name).',
  appNameTooLong: 'The app’s name is too long (at most 100 characters).',
  redirectUriRequired: 'The app needs at least one redirect URI (redirect_uris).',
  redirectUriInvalid: (uri: string) =>
    `${uri.length > 100 ? `${uri.slice(0, 100)}…` : uri} is not a redirect URI Whisp accepts: use https, http on a loopback address, an app’s own scheme, or urn:ietf:wg:oauth:2.0:oob.`,
  tooManyRedirectUris: 'An app may have at most 10 redirect URIs.',
  websiteInvalid: 'The app’s website must be an http or https address.',
  unknownScope: (scope: string) =>
    `${scope.length > 50 ? `${scope.slice(0, 50)}…` : scope} is not a scope Whisp knows.`,
  scopeNotRegistered: 'The app asks for more than it registered for.',
  clientAuthenticationFailed:
    'Client authentication failed: unknown client_id or wrong client_secret.',
  unsupportedGrantType: (grant: string) =>
    `${grant.length > 50 ? `${grant.slice(0, 50)}…` : grant} is not a grant Whisp accepts.`,
  tokenNotYours: 'You are not authorized to revoke this token.',
  codeRequired: 'The authorization code (code) is missing.',
  codeInvalid:
    'The authorization code is invalid: unknown, expired, already used, or given to another app.',
  codeRedirectMismatch: 'The redirect_uri is not the one the authorization code was given for.',
  codeVerifierMismatch: 'The code_verifier does not match the code_challenge (PKCE).',
  tokenInvalid: 'The access token is invalid.',
  outsideScopes: 'This action is outside the authorized scopes.',
  memberRequired: 'This method requires an authenticated user.',
  recordNotFound: 'Record not found.',
  directNeedsOneMember:
    'A direct status is a Whisp message: mention exactly one member (@username) to send it to.',
  directUnknownMember: (username: string) =>
    `@${username.length > 50 ? `${username.slice(0, 50)}…` : username} is not a member here: a direct status goes to one member of this server.`,
  directTextOnly:
    'A direct status is a Whisp message, which holds text only: no media, poll or content warning.',
  mediaFileRequired:
    'Attach one image (JPEG, PNG, GIF or WebP) or one video (MP4 or WebM) in the "file" field.',
  mediaUnchangeable:
    'Whisp cannot change the media of a posted whisp: send its media_ids unchanged, or none.',
  formTooLarge: 'The form has too many fields or too long a field name.',
} as const;

/** Longest app name and redirect URI kept (Mastodon's limits). */
export const MASTODON_APP_NAME_MAX_LENGTH = 100;
export const MASTODON_REDIRECT_URI_MAX_LENGTH = 2000;
export const MASTODON_REDIRECT_URIS_MAX = 10;
