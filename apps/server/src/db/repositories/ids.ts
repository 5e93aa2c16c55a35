const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * IDs are opaque to clients, but PostgreSQL rejects a malformed uuid with an error: anything
 * that is not one names nobody, and is answered like an unknown id.
 */
export function isId(value: string): boolean {
  return UUID.test(value);
}
