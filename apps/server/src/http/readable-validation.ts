import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

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
 * undefined"); a person sees these instead. Messages written on a schema still win.
 */
export function readableIssueMessage(issue: Issue): string | undefined {
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

export function useReadableValidationMessages() {
  z.config({ customError: readableIssueMessage });
}
