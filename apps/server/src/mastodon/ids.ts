import { sql } from 'kysely';

// Mastodon ids (0026_mastodon_ids.sql): bigints past 2^53, which the database drivers would read
// as rounded numbers, so they travel as text both ways.

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** `alias.mastodon_id` read as text, as `mastodon_id`. */
export const mastodonIdText = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.mastodon_id`)}::text`.as('mastodon_id');

/** Whether a value from a path or a query can be a Mastodon id (anything else finds nothing). */
export function isMastodonId(value: string): boolean {
  return /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= BIGINT_MAX;
}
