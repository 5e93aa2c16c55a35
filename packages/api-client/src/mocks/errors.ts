import { MESSAGE_MAX_LENGTH, WHISP_MAX_LENGTH } from '../contract/limits.js';

/**
 * The mock server's failures, with the statuses, codes and messages of the real server
 * (api.md conventions; the contract test compares them), so a story shows what people will see.
 */
export class MockError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const MOCK_MESSAGES = {
  unauthorized: 'Authentication required',
  invalidSession: 'Your session has expired or is invalid. Please sign in again.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with that email already exists',
  usernameTaken: 'That username is already taken',
  userNotFound: 'User not found',
  postNotFound: 'Post not found',
  conversationNotFound: 'Conversation not found',
  notificationNotFound: 'Notification not found',
  privateTab: 'This tab is private',
  notAuthor: 'Only the author can change this whisp',
  repliesOff: (username: string) => `@${username} has turned off replies to this whisp`,
  followersOnly: (username: string) =>
    `Only people who follow @${username} can reply to this whisp`,
  rewhispsOff: (username: string) => `@${username} has turned off rewhisps for this whisp`,
  emptyPost: 'Please add some content to your post',
  postTooLong: `Whisps can be at most ${WHISP_MAX_LENGTH} characters`,
  emptyMessage: 'Message cannot be empty',
  messageTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  messageYourself: 'You cannot message yourself',
  missingFields: 'Please fill in all required fields',
  notAnImage: 'Please select an image file (JPEG, PNG, GIF or WebP)',
  svgRefused: 'SVG images are not supported. Please select a JPEG, PNG, GIF or WebP image',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** No token at all, or one that names no live session (two different answers, as on the server). */
export const unauthorized = (token: string | null) =>
  token
    ? new MockError(401, 'INVALID_TOKEN', MOCK_MESSAGES.invalidSession)
    : new MockError(401, 'AUTHENTICATION_REQUIRED', MOCK_MESSAGES.unauthorized);
export const notFound = (code: string, message: string) => new MockError(404, code, message);
export const forbidden = (code: string, message: string) => new MockError(403, code, message);
export const invalid = (message: string, details?: { field: string; message: string }[]) =>
  new MockError(400, 'VALIDATION_ERROR', message, details);
