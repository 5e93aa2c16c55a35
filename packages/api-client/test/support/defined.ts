import { expect } from 'vitest';

/** The value, once the test's assumption that it is there has been checked. */
export function defined<T>(value: T): NonNullable<T> {
  expect(value).toBeDefined();
  expect(value).not.toBeNull();
  return value as NonNullable<T>;
}
