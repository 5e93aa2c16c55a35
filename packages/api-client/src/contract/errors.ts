import { INSTANCE_POLICIES, REPORT_REASONS } from './choices.js';
import {
  ACCOUNT_ARCHIVE_MAX_BYTES,
  CONTENT_WARNING_MAX_LENGTH,
  INSTANCE_POLICY_REASON_MAX_LENGTH,
  MEDIA_ALT_MAX_LENGTH,
  MEGABYTE,
  MESSAGE_MAX_LENGTH,
  MODERATION_NOTE_MAX_LENGTH,
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POST_IMAGE_MAX_BYTES,
  POST_MEDIA_MAX_IMAGES,
  POST_VIDEO_MAX_BYTES,
  REPORT_DETAILS_MAX_LENGTH,
  SCHEDULED_POSTS_MAX,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  WHISP_MAX_LENGTH,
} from './limits.js';
import { VALIDATION_MESSAGES } from './validation.js';

// Two situations, one sentence each: a missing file and a file of the wrong kind read alike to a
// person, as do too many attachments at upload and at posting.
const SELECT_AN_IMAGE = 'Please select an image file (JPEG, PNG, GIF or WebP)';
const TOO_MANY_ATTACHMENTS = `A whisp can have up to ${POST_MEDIA_MAX_IMAGES} images or one video`;

/**
 * Every failure the server can answer, by name: its status, its machine code and the sentence a
 * person reads. The server throws from here, the mocks answer from here and the UI's stories show
 * these words, so a sentence is typed once. One code may have several entries (a 415 says what
 * was wrong with the upload); programs branch on `code`, people read `message`. Parametrised
 * messages are functions of what they name.
 */
export const ERRORS = {
  // Signing in and sessions
  authenticationRequired: {
    status: 401,
    code: 'AUTHENTICATION_REQUIRED',
    message: 'Authentication required',
  },
  invalidSession: {
    status: 401,
    code: 'INVALID_TOKEN',
    message: 'Your session has expired or is invalid. Please sign in again.',
  },
  invalidCredentials: {
    status: 401,
    code: 'INVALID_CREDENTIALS',
    message: 'Invalid email or password',
  },
  usernameTaken: { status: 409, code: 'USERNAME_TAKEN', message: 'That username is already taken' },
  // A name that could pass for the server or its staff (RESERVED_USERNAMES).
  usernameReserved: {
    status: 400,
    code: 'USERNAME_RESERVED',
    message: 'This username is reserved',
  },
  emailTaken: {
    status: 409,
    code: 'EMAIL_TAKEN',
    message: 'An account with that email already exists',
  },

  // Sign in with another account (1.2). A wrong or used `state` reads as an expired sign-in: the
  // server cannot tell a replay from a flow that ended, and either way the person starts again.
  oidcProviderNotFound: {
    status: 404,
    code: 'OIDC_PROVIDER_NOT_FOUND',
    message: 'There is no such sign-in provider',
  },
  oidcEmailInUse: {
    status: 409,
    code: 'OIDC_EMAIL_IN_USE',
    message: (name: string) =>
      `An account with this email already exists. Sign in with your password, then connect ${name} in Settings.`,
  },
  oidcUsernameNeeded: {
    status: 409,
    code: 'OIDC_USERNAME_NEEDED',
    message: 'Choose a username to finish creating your account.',
  },
  oidcCancelled: {
    status: 400,
    code: 'OIDC_CANCELLED',
    message: (name: string) => `Signing in with ${name} was cancelled or refused.`,
  },
  oidcExpired: {
    status: 400,
    code: 'OIDC_EXPIRED',
    message: 'This sign-in has expired or was already used. Please start again.',
  },
  oidcInvalid: {
    status: 400,
    code: 'OIDC_INVALID',
    message: (name: string) => `${name} sent an answer Whisp could not verify. Please start again.`,
  },
  oidcProviderDown: {
    status: 502,
    code: 'OIDC_PROVIDER_UNAVAILABLE',
    message: (name: string) => `${name} is not answering right now. Please try again later.`,
  },
  identityTaken: {
    status: 409,
    code: 'IDENTITY_TAKEN',
    message: (name: string) => `This ${name} account is already connected to another member.`,
  },
  identityNotFound: {
    status: 404,
    code: 'IDENTITY_NOT_FOUND',
    message: 'There is no such connected account',
  },
  lastSignInMethod: {
    status: 400,
    code: 'LAST_SIGN_IN_METHOD',
    message:
      'This is your only way to sign in. Set a password or connect another account before disconnecting it.',
  },

  // Connected apps (Mastodon client API 1.2): why the consent page cannot authorize an app. Each
  // is shown on the page rather than sent to the app, whose address may be the thing in doubt.
  oauthUnknownApp: {
    status: 400,
    code: 'OAUTH_UNKNOWN_APP',
    message: 'This app is not registered on this Whisp server. Go back to the app and try again.',
  },
  oauthRedirectMismatch: {
    status: 400,
    code: 'OAUTH_REDIRECT_URI_MISMATCH',
    message:
      'The app asked to send you back to an address it did not register, so Whisp cannot authorize it.',
  },
  oauthInvalidScope: {
    status: 400,
    code: 'OAUTH_INVALID_SCOPE',
    message: 'The app asks for permissions it did not register or that Whisp does not know.',
  },
  oauthUnsupportedResponseType: {
    status: 400,
    code: 'OAUTH_UNSUPPORTED_RESPONSE_TYPE',
    message: 'The app asked for a kind of authorization Whisp does not give (response_type=code).',
  },
  oauthInvalidCodeChallenge: {
    status: 400,
    code: 'OAUTH_INVALID_CODE_CHALLENGE',
    message: 'The app’s PKCE challenge is not valid: Whisp supports S256 only.',
  },
  connectedAppNotFound: {
    status: 404,
    code: 'CONNECTED_APP_NOT_FOUND',
    message: 'There is no such connected app',
  },

  // Rate limits (429, always with Retry-After)
  tooManyRequests: {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many requests. Please wait a moment and try again.',
  },
  tooManySignInAttempts: {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  },
  tooManyRegistrations: {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many accounts were created from this address. Please try again later.',
  },

  // Accounts: password reset, password change, sessions
  resetTokenInvalid: {
    status: 400,
    code: 'RESET_TOKEN_INVALID',
    message: 'This reset link is invalid or has expired.',
  },
  wrongPassword: {
    status: 400,
    code: 'WRONG_PASSWORD',
    message: 'Current password is incorrect',
  },
  // A member without a password (signed up with another account) confirms a deletion with this.
  wrongUsername: {
    status: 400,
    code: 'WRONG_USERNAME',
    message: 'That is not your username.',
  },
  // Asked of a member who has a password only, so no schema can require it: the handler does.
  currentPasswordRequired: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: VALIDATION_MESSAGES.passwordRequired,
  },
  sessionNotFound: { status: 404, code: 'SESSION_NOT_FOUND', message: 'Session not found' },
  tooManyPasswordResets: {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many password reset requests. Please try again later.',
  },
  tooManyWrongPasswords: {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many incorrect passwords. Please wait a few minutes and try again.',
  },

  // Members
  userNotFound: { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' },
  cannotFollowYourself: {
    status: 400,
    code: 'CANNOT_FOLLOW_YOURSELF',
    message: (action: 'follow' | 'unfollow') => `You cannot ${action} yourself`,
  },
  privateTab: { status: 403, code: 'PRIVATE_TAB', message: 'This tab is private' },
  // A private member's whisps, replies, media, likes and follow lists, to anyone they have not
  // accepted as a follower (Privacy and preferences 1.2). Their profile still answers.
  privateAccount: {
    status: 403,
    code: 'PRIVATE_ACCOUNT',
    message: "This account's whisps are protected.",
  },
  // Nobody rewhisps a private member's whisp, not even an accepted follower: a rewhisp refusal,
  // coded as the others are.
  privateRewhisp: {
    status: 403,
    code: 'REWHISPS_RESTRICTED',
    message: "This account's whisps are protected and can't be rewhisped.",
  },
  followRequestNotFound: {
    status: 404,
    code: 'FOLLOW_REQUEST_NOT_FOUND',
    message: 'There is no follow request from this member',
  },

  // Whisps
  postNotFound: { status: 404, code: 'POST_NOT_FOUND', message: 'Post not found' },
  notAuthor: { status: 403, code: 'NOT_AUTHOR', message: 'Only the author can change this whisp' },
  // Every refusal says why, naming whose choice it was.
  repliesOff: {
    status: 403,
    code: 'REPLIES_RESTRICTED',
    message: (username: string) => `@${username} has turned off replies to this whisp`,
  },
  followersOnly: {
    status: 403,
    code: 'REPLIES_RESTRICTED',
    message: (username: string) => `Only people who follow @${username} can reply to this whisp`,
  },
  rewhispsOff: {
    status: 403,
    code: 'REWHISPS_RESTRICTED',
    message: (username: string) => `@${username} has turned off rewhisps for this whisp`,
  },
  emptyPost: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please add some content to your post',
  },
  postTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Whisps can be at most ${WHISP_MAX_LENGTH} characters`,
  },
  mediaNotUploaded: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Some attached media could not be found. Please upload it again and retry',
  },
  tooManyAttachments: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: TOO_MANY_ATTACHMENTS,
  },
  altTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Descriptions can be at most ${MEDIA_ALT_MAX_LENGTH} characters`,
  },
  mediaGivenTwice: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Send the attachments once: either media or media_urls, not both',
  },
  idempotencyKeyInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Idempotency-Key must be 1 to 255 characters',
  },
  reportReasonRequired: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please give a reason',
  },
  invalidCursor: {
    status: 400,
    code: 'INVALID_CURSOR',
    message: 'This page link has expired. Please reload the feed',
  },

  // Composer (1.2): content warnings, polls, scheduled whisps
  contentWarningTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Content warnings can be at most ${CONTENT_WARNING_MAX_LENGTH} characters`,
  },
  pollOptionCount: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `A poll needs ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`,
  },
  pollOptionLength: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Each poll option needs 1 to ${POLL_OPTION_MAX_LENGTH} characters`,
  },
  pollOptionsRepeat: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Poll options must all be different',
  },
  pollDurationInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'A poll can run from 5 minutes to 7 days',
  },
  pollWithMedia: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'A whisp with a poll cannot have images or video',
  },
  pollNotFound: { status: 404, code: 'POLL_NOT_FOUND', message: 'Poll not found' },
  pollChoicesInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: (multiple: boolean) =>
      multiple ? "Choose one or more of the poll's options" : "Choose one of the poll's options",
  },
  alreadyVoted: {
    status: 409,
    code: 'ALREADY_VOTED',
    message: 'You have already voted in this poll.',
  },
  pollExpired: { status: 409, code: 'POLL_EXPIRED', message: 'This poll has ended.' },
  cannotVoteOwnPoll: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'You cannot vote in your own poll',
  },
  scheduleTimeInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Choose a time at least 5 minutes and at most a year ahead',
  },
  tooManyScheduled: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `You can have at most ${SCHEDULED_POSTS_MAX} scheduled whisps`,
  },
  scheduledPostNotFound: {
    status: 404,
    code: 'SCHEDULED_POST_NOT_FOUND',
    message: 'Scheduled whisp not found',
  },

  // Uploads: avatar and banner
  imageNotMultipart: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: (field: string) => `Send the image as multipart/form-data in the "${field}" field`,
  },
  noImage: {
    status: 400,
    code: 'NO_FILE',
    message: SELECT_AN_IMAGE,
  },
  imageInWrongField: {
    status: 400,
    code: 'NO_FILE',
    message: (field: string) => `Send the image in the "${field}" field`,
  },
  notAnImage: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: SELECT_AN_IMAGE,
  },
  svgRefused: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'SVG images are not supported. Please select a JPEG, PNG, GIF or WebP image',
  },
  imageFileTooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: (maxBytes: number) => `Image size must be less than ${maxBytes / MEGABYTE}MB`,
  },
  unreadableImage: {
    status: 415,
    code: 'UNREADABLE_IMAGE',
    message: 'This image could not be read. Please select another file',
  },
  tooManyPixels: {
    status: 413,
    code: 'TOO_MANY_PIXELS',
    message: 'This image has too many pixels. Please select a smaller image',
  },
  malformedForm: {
    status: 400,
    code: 'MALFORMED_FORM',
    message: 'The upload could not be read. Please choose the file and try again',
  },

  // Uploads: a whisp's media
  mediaNotMultipart: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send media as multipart/form-data',
  },
  noMedia: {
    status: 400,
    code: 'NO_MEDIA',
    message: 'Please attach at least one image or video in the "media" field',
  },
  notMedia: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Please select images (JPEG, PNG, GIF or WebP) or a video (MP4 or WebM)',
  },
  tooManyMedia: {
    status: 400,
    code: 'TOO_MANY_MEDIA',
    message: TOO_MANY_ATTACHMENTS,
  },
  postImageTooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `Images must be smaller than ${POST_IMAGE_MAX_BYTES / MEGABYTE}MB`,
  },
  videoTooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `Videos must be smaller than ${POST_VIDEO_MAX_BYTES / MEGABYTE}MB`,
  },

  // Messages and notifications
  // The recipient's `messages_from` preference (Privacy and preferences 1.2).
  messagesNotAccepted: {
    status: 403,
    code: 'MESSAGES_NOT_ACCEPTED',
    message: (username: string) => `@${username} doesn't accept messages from you.`,
  },
  // Federation 1.2: direct messages stay on this server for now.
  messagesToOtherServers: {
    status: 403,
    code: 'MESSAGES_NOT_FEDERATED',
    message: 'Messages to members of other servers aren’t available yet',
  },
  emptyMessage: { status: 400, code: 'VALIDATION_ERROR', message: 'Message cannot be empty' },
  messageTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  },
  messageYourself: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'You cannot message yourself',
  },
  conversationNotFound: {
    status: 404,
    code: 'CONVERSATION_NOT_FOUND',
    message: 'Conversation not found',
  },
  notificationNotFound: {
    status: 404,
    code: 'NOTIFICATION_NOT_FOUND',
    message: 'Notification not found',
  },

  // Moderation: roles, reports, the queue, suspension
  forbidden: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'Only moderators and admins can do this',
  },
  adminOnly: { status: 403, code: 'FORBIDDEN', message: 'Only admins can do this' },
  staffNeedsAdmin: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'Only an admin can act on a moderator or an admin',
  },
  cannotModerateYourself: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'You cannot take a moderation action on your own account',
  },
  cannotChangeOwnRole: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'You cannot change your own role',
  },
  roleFromConfiguration: {
    status: 409,
    code: 'ROLE_FROM_CONFIGURATION',
    message:
      'This member is an admin through WHISP_ADMIN_EMAILS: change the server configuration instead',
  },
  accountSuspended: {
    status: 403,
    code: 'ACCOUNT_SUSPENDED',
    message: 'This account has been suspended.',
  },
  reportReasonInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Please choose a reason: ${REPORT_REASONS.join(', ')}`,
  },
  reportDetailsTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  },
  cannotReportYourself: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'You cannot report yourself',
  },
  reportNotFound: { status: 404, code: 'REPORT_NOT_FOUND', message: 'Report not found' },
  reportAlreadyResolved: {
    status: 409,
    code: 'REPORT_ALREADY_RESOLVED',
    message: 'This report has already been resolved',
  },
  removeNeedsWhispReport: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Only a report of a whisp can remove a whisp',
  },
  whispAlreadyDeleted: {
    status: 409,
    code: 'POST_ALREADY_DELETED',
    message: 'This whisp has already been deleted',
  },
  moderationNoteTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Notes can be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  },
  // Instances (federation 1.2): other servers silenced or suspended by their host.
  instanceHostInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please give a server’s host name, like example.com or example.com:8443',
  },
  instancePolicyInvalid: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Please choose a policy: ${INSTANCE_POLICIES.join(' or ')}`,
  },
  instanceReasonRequired: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please give a reason',
  },
  instanceReasonTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Reasons can be at most ${INSTANCE_POLICY_REASON_MAX_LENGTH} characters`,
  },
  instancePolicyNotFound: {
    status: 404,
    code: 'INSTANCE_POLICY_NOT_FOUND',
    message: 'This server is neither silenced nor suspended',
  },

  // Support requests
  missingFields: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please fill in all required fields',
  },
  subjectTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Subject must be ${SUPPORT_SUBJECT_MAX_LENGTH} characters or less`,
  },
  descriptionTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Description must be ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters or less`,
  },
  categoryRequired: { status: 400, code: 'VALIDATION_ERROR', message: 'Please choose a category' },
  priorityRequired: { status: 400, code: 'VALIDATION_ERROR', message: 'Please choose a priority' },
  systemInfoTooLarge: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: (maxBytes: number) => `System information must be at most ${maxBytes} bytes`,
  },

  // Safety: blocks, mutes and muted words. A refusal between a blocker and the member they block
  // reads the same from both sides, so nobody learns from it who blocked whom.
  blocked: {
    status: 403,
    code: 'BLOCKED',
    message: 'You cannot interact with this member',
  },
  cannotBlockYourself: {
    status: 400,
    code: 'CANNOT_BLOCK_YOURSELF',
    message: (action: 'block' | 'unblock' | 'mute' | 'unmute') => `You cannot ${action} yourself`,
  },
  mutedWordEmpty: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Please enter a word to mute',
  },
  mutedWordTooLong: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: `Muted words can be at most ${MUTED_WORD_MAX_LENGTH} characters`,
  },
  tooManyMutedWords: {
    status: 400,
    code: 'TOO_MANY_MUTED_WORDS',
    message: `You can mute at most ${MUTED_WORDS_MAX} words. Remove one to add another`,
  },
  mutedWordNotFound: {
    status: 404,
    code: 'MUTED_WORD_NOT_FOUND',
    message: 'Muted word not found',
  },

  // Account data: export, import, deletion
  archiveNotMultipart: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the archive as multipart/form-data in the "archive" field',
  },
  noArchive: {
    status: 400,
    code: 'NO_FILE',
    message: 'Please choose a Whisp export (.zip) in the "archive" field',
  },
  archiveTooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `Archives must be smaller than ${ACCOUNT_ARCHIVE_MAX_BYTES / MEGABYTE}MB`,
  },
  archiveInvalid: {
    status: 400,
    code: 'ARCHIVE_INVALID',
    message: 'This file is not a Whisp export, or it is damaged. Nothing was imported.',
  },

  // Requests the server cannot read, whatever the route
  invalidRequest: { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid request' },
  invalidJson: { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  jsonTooDeep: {
    status: 400,
    code: 'JSON_TOO_DEEP',
    message: 'The request body is nested too deeply',
  },
  nulCharacter: {
    status: 400,
    code: 'NUL_CHARACTER',
    message: 'Text cannot contain the NUL character',
  },
  bodyTooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  addressTooLong: { status: 414, code: 'URI_TOO_LONG', message: 'That address is too long' },
  addressInvalid: { status: 400, code: 'BAD_URL', message: 'That address is not valid' },
  bodyTypeUnsupported: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This type of request body is not supported',
  },
  badRequest: { status: 400, code: 'BAD_REQUEST', message: 'Bad request' },
  notFound: { status: 404, code: 'NOT_FOUND', message: 'Not found' },
  rangeNotSatisfiable: {
    status: 416,
    code: 'RANGE_NOT_SATISFIABLE',
    message: 'The requested range is outside the file',
  },
  metricsTokenRequired: {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'The metrics need the token set in WHISP_METRICS_TOKEN',
  },

  // The server's own trouble: nothing about it reaches the body
  internal: {
    status: 500,
    code: 'INTERNAL_ERROR',
    message: 'Something went wrong on our side. Please try again.',
  },
  databaseUnavailable: {
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The database is unreachable',
  },
} as const satisfies Record<string, ErrorEntry>;

interface ErrorEntry {
  readonly status: number;
  readonly code: string;
  readonly message: string | ((...args: never[]) => string);
}

export type ErrorName = keyof typeof ERRORS;

/** The names whose message takes nothing to fill in. */
export type FixedErrorName = {
  [Name in ErrorName]: (typeof ERRORS)[Name]['message'] extends string ? Name : never;
}[ErrorName];

/** What a parametrised message needs (`repliesOff` → [username]); nothing for a fixed one. */
export type ErrorArguments<Name extends ErrorName> = (typeof ERRORS)[Name]['message'] extends (
  ...args: infer Parameters
) => string
  ? Parameters
  : [];

/** One failure as it leaves the server: what `describeError` gives and error bodies carry. */
export interface ErrorDescription {
  status: number;
  code: string;
  message: string;
}

/** The status, code and message of a named failure, its message filled in. */
export function describeError<Name extends ErrorName>(
  name: Name,
  ...args: ErrorArguments<Name>
): ErrorDescription {
  const { status, code, message } = ERRORS[name] as ErrorEntry;
  const text =
    typeof message === 'function'
      ? (message as (...values: unknown[]) => string)(...args)
      : message;
  return { status, code, message: text };
}

/** A named failure's message: for forms and stories that show the server's words. */
export function errorMessage<Name extends ErrorName>(
  name: Name,
  ...args: ErrorArguments<Name>
): string {
  return describeError(name, ...args).message;
}

/**
 * The code an error answered with this status carries when nothing more specific is known
 * (a framework error, a status a plugin set).
 */
export const CODE_FOR_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};
