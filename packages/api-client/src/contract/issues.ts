import type { z } from 'zod';
import { ERRORS } from './errors.js';

// Zod appears here as types only: the mocks and the server both turn issues into the same body,
// and a page that only formats messages must not load zod for it.
type RawIssue = z.core.$ZodRawIssue;

// "display_name" → "Display name"; the whole body or query → "Request body".
function fieldLabel(path: readonly PropertyKey[] | undefined) {
  const last = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  if (typeof last !== 'string') return 'Request body';
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * Zod's default messages speak to developers ("Invalid input: expected string, received
 * undefined"); a person sees these instead. Messages written on a schema still win. The server
 * sets it globally (`z.config({ customError })`), the mocks per parse (`{ error }`): both give
 * these words.
 */
export function readableIssueMessage(issue: RawIssue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      return `${field} must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${field} is required`
          : `${field} must be at least ${issue.minimum} characters`;
      }
      return `${field} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be ${issue.maximum} characters or less`;
      return `${field} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}`;
    default:
      return `${field} is not valid`;
  }
}

export interface ValidationErrorDetail {
  field: string;
  message: string;
}

/** An error body as every failed request gets it (the `errorBodySchema` shape, without zod). */
export interface ValidationErrorBody {
  success: false;
  message: string;
  code: string;
  details: ValidationErrorDetail[];
}

/** Where a request's values came from: a problem with the whole of one is named after it. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/**
 * The field a problem is about: "/bio" → "bio", "/media_urls/2" → "media_urls.2", a problem
 * with the whole body → "body" (or the request part it came from). Takes the JSON pointer the
 * server's validator reports, or an issue's path.
 */
export function issueField(
  location: string | readonly PropertyKey[],
  part: RequestPart | undefined,
): string {
  const pointer = typeof location === 'string' ? location : `/${location.map(String).join('/')}`;
  const field = pointer.split('/').filter(Boolean).join('.');
  return field || part || 'body';
}

/**
 * The 400 body for a request that failed its schema: every problem in `details`, the first one as
 * the message. Feed it zod's issues (`error.issues`) to answer exactly as the server does.
 */
export function validationErrorBody(
  issues: readonly { path: readonly PropertyKey[]; message?: string | undefined }[],
  part?: RequestPart,
): ValidationErrorBody {
  return validationErrorBodyFromProblems(
    issues.map((issue) => ({ location: issue.path, message: issue.message })),
    part,
  );
}

/** The same body from problems located by JSON pointer, as Fastify's validation errors carry. */
export function validationErrorBodyFromProblems(
  problems: readonly {
    location: string | readonly PropertyKey[];
    message?: string | undefined;
  }[],
  part?: RequestPart,
): ValidationErrorBody {
  const details = problems.map((problem) => ({
    field: issueField(problem.location, part),
    message: problem.message ?? 'Invalid value',
  }));
  return {
    success: false,
    message: details[0]?.message ?? ERRORS.invalidRequest.message,
    code: ERRORS.invalidRequest.code,
    details,
  };
}
