import {
  describeError,
  type ErrorArguments,
  type ErrorDescription,
  type ErrorName,
} from '../contract/errors.js';

/**
 * A failure the mock server answers with: the status, code and message of the real server's
 * answer, all taken from the contract's catalogue (`ERRORS`), so a story shows what people will
 * see and the contract suite (apps/server/test/contract) can hold both to the same words.
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

  static from(description: ErrorDescription, details?: { field: string; message: string }[]) {
    return new MockError(description.status, description.code, description.message, details);
  }
}

/** The named failure of the contract, as the server answers it. */
export function fail<Name extends ErrorName>(name: Name, ...args: ErrorArguments<Name>) {
  return MockError.from(describeError(name, ...args));
}

/** A named failure about one field: the server lists it in `details` too. */
export function failOn<Name extends ErrorName>(
  field: string,
  name: Name,
  ...args: ErrorArguments<Name>
) {
  const description = describeError(name, ...args);
  return MockError.from(description, [{ field, message: description.message }]);
}

/** No token at all, or one that names no live session (two different answers, as on the server). */
export const unauthorized = (token: string | null) =>
  token ? fail('invalidSession') : fail('authenticationRequired');
