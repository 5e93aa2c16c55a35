import { sql } from 'kysely';

/*
 * Values written into a statement's text instead of sent as parameters, where the plan depends
 * on them. Statements run prepared (../prepared-statements.ts), and after five calls PostgreSQL
 * may settle on one generic plan, made without seeing any parameter's value:
 * - `limit $1` (or any `offset $1`) is planned as if it kept a tenth of the rows: at a million
 *   whisps a scan and a sort of them all, where walking an index stops after 21 rows;
 * - `is_reply = $1` cannot use an index built `where not is_reply` (posts_feed_created_idx and
 *   its kin), nor `is_read = $1` the unread indexes.
 * Page sizes, flags and a zero offset take few values, so the statement texts stay few.
 */

/** A LIMIT in the text (a whole number, checked: it is written into the SQL). */
export function limitLiteral(rows: number) {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Not a row count: ${rows}`);
  return sql.lit(rows);
}

/** `false` in the text, for a condition that a partial index's predicate must match. */
export const FALSE = sql.lit(false);
