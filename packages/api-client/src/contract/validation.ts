/**
 * The account rules of product-spec section 5 and their messages, word for word. The server
 * enforces them and the client checks them before sending, so a person sees the same sentence
 * from either side.
 */
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './limits.js';

export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username can only contain letters, numbers, and underscores',
  usernameTooLong: `Username must be ${USERNAME_MAX_LENGTH} characters or less`,
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be ${DISPLAY_NAME_MAX_LENGTH} characters or less`,
  bioTooLong: `Bio must be ${BIO_MAX_LENGTH} characters or less`,
} as const;

/**
 * Something@something.tld without spaces: catches typos without refusing unusual but valid
 * addresses (a confirmation mail is the only real proof).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** No deliverable address is longer (RFC 5321's limit on a forward path). */
export const EMAIL_MAX_LENGTH = 254;
/** ASCII letters, digits and underscores: usernames appear in URLs and @mentions. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

// Made on first use: building a segmenter loads the break rules, milliseconds a page's start-up
// need not spend when nothing is counted yet.
let graphemes: Intl.Segmenter | undefined;
const hasSegmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl;

/**
 * Length as a person counts it: one emoji, flag or accented letter is one character. The one rule
 * for every length limit: the server, the mocks and the components' counters all count with it.
 * Where Intl.Segmenter is missing (browsers before 2024) it counts code points.
 */
export function countCharacters(text: string): number {
  if (!hasSegmenter) return Array.from(text).length;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** Each validator returns the message to show, or undefined when the value is fine. */
export type ValidationResult = string | undefined;

export function validateEmail(email: string | null | undefined): ValidationResult {
  const value = email?.trim() ?? '';
  if (value === '') return VALIDATION_MESSAGES.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) {
    return VALIDATION_MESSAGES.emailInvalid;
  }
  return undefined;
}

/** Sign-in asks only for presence: the length rule is for new passwords. */
export function validateLoginPassword(password: string | null | undefined): ValidationResult {
  return password ? undefined : VALIDATION_MESSAGES.passwordRequired;
}

export function validateNewPassword(password: string | null | undefined): ValidationResult {
  if (!password) return VALIDATION_MESSAGES.passwordRequired;
  if (countCharacters(password) < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  return undefined;
}

export function validatePasswordConfirmation(
  password: string | null | undefined,
  confirmation: string | null | undefined,
): ValidationResult {
  if (!confirmation) return VALIDATION_MESSAGES.confirmPasswordRequired;
  if (password !== confirmation) return VALIDATION_MESSAGES.passwordsDoNotMatch;
  return undefined;
}

/**
 * A username as it is stored and compared: trimmed of spaces of every kind (String.prototype.trim
 * removes the no-break space, the ideographic space and the other Unicode spaces too), so
 * "admin" and a no-break space land as "admin". Compared without regard to case.
 */
export function normaliseUsername(username: string | null | undefined): string {
  return username?.trim() ?? '';
}

/**
 * Whether what a member typed to confirm is their own username, compared as usernames are
 * (trimmed, any case): a member without a password confirms deleting their account with it.
 */
export function isOwnUsername(typed: string | null | undefined, username: string): boolean {
  const value = normaliseUsername(typed);
  return value !== '' && value.toLowerCase() === username.toLowerCase();
}

/**
 * Names that could pass for the server or its staff: nobody can register them, in any case.
 * Members who already hold one keep it.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'support',
  'help',
  'staff',
  'whisp',
  'root',
  'system',
  'security',
  'abuse',
  'postmaster',
  'noreply',
  'no_reply',
  'api',
  'settings',
  'about',
  'official',
];
const reserved = new Set(RESERVED_USERNAMES);

/** Whether registering this username (as typed) is refused with USERNAME_RESERVED. */
export function isReservedUsername(username: string | null | undefined): boolean {
  return reserved.has(normaliseUsername(username).toLowerCase());
}

export function validateUsername(username: string | null | undefined): ValidationResult {
  const value = normaliseUsername(username);
  if (value === '') return VALIDATION_MESSAGES.usernameRequired;
  if (!USERNAME_PATTERN.test(value)) return VALIDATION_MESSAGES.usernameInvalid;
  if (value.length > USERNAME_MAX_LENGTH) return VALIDATION_MESSAGES.usernameTooLong;
  return undefined;
}

export function validateDisplayName(displayName: string | null | undefined): ValidationResult {
  const value = displayName?.trim() ?? '';
  if (value === '') return VALIDATION_MESSAGES.displayNameRequired;
  if (countCharacters(value) > DISPLAY_NAME_MAX_LENGTH) {
    return VALIDATION_MESSAGES.displayNameTooLong;
  }
  return undefined;
}

/** The bio is optional: empty is fine. */
export function validateBio(bio: string | null | undefined): ValidationResult {
  if (bio && countCharacters(bio.trim()) > BIO_MAX_LENGTH) return VALIDATION_MESSAGES.bioTooLong;
  return undefined;
}

export interface RegistrationInput {
  email?: string | null;
  password?: string | null;
  username?: string | null;
  display_name?: string | null;
  bio?: string | null;
}

export type RegistrationField = keyof RegistrationInput;

/** Every problem of a sign-up form at once, by field, in the order the form shows them. */
export function validateRegistration(
  input: RegistrationInput,
): Partial<Record<RegistrationField, string>> {
  const problems: Partial<Record<RegistrationField, string>> = {};
  const checks: [RegistrationField, ValidationResult][] = [
    ['email', validateEmail(input.email)],
    ['password', validateNewPassword(input.password)],
    ['display_name', validateDisplayName(input.display_name)],
    ['username', validateUsername(input.username)],
    ['bio', validateBio(input.bio)],
  ];
  for (const [field, message] of checks) {
    if (message) problems[field] = message;
  }
  return problems;
}
