import type { Kysely, RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

// An export's JSON files are written from pages of rows as the zip asks for them: 10,000 whisps
// are 20 small queries and never one giant string or array in memory.

export const EXPORT_PAGE_SIZE = 500;

/** Where the next page starts: the last row's sort key, as text so no precision is lost. */
export interface PageCursor {
  at: string;
  id: string;
}

/** A row of a paged query: it carries its own sort key (`cursor_at` text, `cursor_id`). */
export interface CursorRow {
  cursor_at: string;
  cursor_id: string;
}

/**
 * Every row of a query, a page at a time. `page(after)` must return at most EXPORT_PAGE_SIZE
 * rows in (cursor_at, cursor_id) order, starting after `after` (null for the first page).
 */
export async function* pagedRows<Row extends CursorRow>(
  db: Kysely<DatabaseSchema>,
  page: (after: PageCursor | null) => RawBuilder<Row>,
): AsyncGenerator<Row> {
  let after: PageCursor | null = null;
  for (;;) {
    const { rows } = await page(after).execute(db);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = { at: last.cursor_at, id: last.cursor_id };
  }
}

/** A JSON array, one item per line, written as the items arrive. */
export async function* jsonArray<Item>(items: AsyncIterable<Item>): AsyncGenerator<Buffer> {
  yield Buffer.from('[');
  let first = true;
  for await (const item of items) {
    yield Buffer.from(`${first ? '\n' : ',\n'}${JSON.stringify(item)}`);
    first = false;
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

export async function* mapRows<Row, Item>(
  rows: AsyncIterable<Row>,
  map: (row: Row) => Item,
): AsyncGenerator<Item> {
  for await (const row of rows) yield map(row);
}

export const isoTime = (value: Date | string) => new Date(value).toISOString();
