import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { readRowLines } from './archive.js';
import type { TableShape } from './catalog.js';
import { TransferError } from './errors.js';

// One statement carries at most this many rows or characters, whichever comes first: large enough
// that round trips do not dominate, small enough for any server's memory.
const ROWS_PER_STATEMENT = 1_000;
const CHARACTERS_PER_STATEMENT = 4_000_000;

type Batch = (lines: string[]) => Promise<void>;

/** Calls `handle` with the file's rows in batches and returns how many rows there were. */
async function inBatches(file: string, handle: Batch) {
  let lines: string[] = [];
  let characters = 0;
  let rows = 0;
  for await (const line of readRowLines(file)) {
    lines.push(line);
    characters += line.length;
    rows += 1;
    if (lines.length >= ROWS_PER_STATEMENT || characters >= CHARACTERS_PER_STATEMENT) {
      await handle(lines);
      lines = [];
      characters = 0;
    }
  }
  if (lines.length > 0) await handle(lines);
  return rows;
}

/**
 * The archive's rows as a set of records of the table's own row type: PostgreSQL parses every
 * value with the column's type, exactly as it would parse a literal.
 */
export function archivedRows(table: string, lines: string[]): RawBuilder<unknown> {
  return sql`json_populate_recordset(null::${sql.id(table)}, ${`[${lines.join(',')}]`}::json)`;
}

/**
 * Inserts a table's rows. Columns pointing back into the same table (a reply's whisp) are filled
 * in a second pass, once every row they may point to exists, whatever order the rows came in.
 */
export async function loadTable(
  transaction: Transaction<DatabaseSchema>,
  shape: TableShape,
  file: string,
) {
  const columns = sql.join(shape.columns.map((column) => sql.id(column)));
  const values = sql.join(
    shape.columns.map((column) =>
      shape.selfReferences.includes(column) ? sql`null` : sql`s.${sql.id(column)}`,
    ),
  );
  const rows = await withContext(shape.name, () =>
    inBatches(file, async (lines) => {
      // OVERRIDING SYSTEM VALUE keeps the archive's ids in identity columns too.
      await sql`
        insert into ${sql.id(shape.name)} (${columns}) overriding system value
        select ${values} from ${archivedRows(shape.name, lines)} s
      `.execute(transaction);
    }),
  );
  if (shape.selfReferences.length > 0) await linkSelfReferences(transaction, shape, file);
  return rows;
}

async function linkSelfReferences(
  transaction: Transaction<DatabaseSchema>,
  shape: TableShape,
  file: string,
) {
  if (shape.primaryKey.length === 0) {
    throw new TransferError(
      `${shape.name} refers to itself but has no primary key to link rows by`,
    );
  }
  const assignments = sql.join(
    shape.selfReferences.map((column) => sql`${sql.id(column)} = s.${sql.id(column)}`),
  );
  const sameRow = sql.join(
    shape.primaryKey.map((column) => sql`t.${sql.id(column)} = s.${sql.id(column)}`),
    sql` and `,
  );
  const anyLink = sql.join(
    shape.selfReferences.map((column) => sql`s.${sql.id(column)} is not null`),
    sql` or `,
  );
  await withContext(shape.name, () =>
    inBatches(file, async (lines) => {
      await sql`
        update ${sql.id(shape.name)} t set ${assignments}
        from ${archivedRows(shape.name, lines)} s
        where ${sameRow} and (${anyLink})
      `.execute(transaction);
    }),
  );
}

/** Names the table in a database error, which alone would only say which value failed. */
async function withContext<T>(table: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TransferError) throw error;
    throw new TransferError(`Loading ${table} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
