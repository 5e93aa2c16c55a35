import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type ArchivedTable, type ArchiveManifest, readRowLines, tableFile } from './archive.js';
import { countRows, readSequence, type TableShape } from './catalog.js';
import { archivedRows } from './load.js';

/** Rows per table compared field by field after loading, spread evenly over the table. */
export const DEFAULT_SAMPLE_SIZE = 200;

const EXAMPLES_PER_TABLE = 3;

export interface Verification {
  /** Every difference found, as a sentence; empty when the target matches the archive. */
  problems: string[];
  sampledRows: number;
}

/**
 * Checks what was loaded against the archive: each table's row count, a sample of rows compared
 * column by column (as PostgreSQL values, so 1.50 and 1.5 agree and a lost microsecond does not),
 * and each sequence's position.
 */
export async function verifyImport(
  transaction: Transaction<DatabaseSchema>,
  manifest: ArchiveManifest,
  archiveDir: string,
  shapes: Map<string, TableShape>,
  sampleSize = DEFAULT_SAMPLE_SIZE,
): Promise<Verification> {
  const problems: string[] = [];
  let sampledRows = 0;
  for (const table of manifest.tables) {
    const found = await countRows(transaction, table.name);
    if (found !== table.rows) {
      problems.push(`${table.name}: ${found} rows in the database, ${table.rows} in the archive`);
    }
    const shape = shapes.get(table.name);
    if (!shape || shape.primaryKey.length === 0) continue;
    const sample = await sampleLines(archiveDir, table, sampleSize);
    sampledRows += sample.length;
    const differences = await compareRows(transaction, shape, sample);
    // A few examples say what is wrong; a thousand lines of the same would hide other tables.
    problems.push(...differences.slice(0, EXAMPLES_PER_TABLE));
    if (differences.length > EXAMPLES_PER_TABLE) {
      problems.push(
        `${table.name}: ${differences.length - EXAMPLES_PER_TABLE} more of ${sample.length} sampled rows differ`,
      );
    }
  }
  for (const sequence of manifest.sequences) {
    const found = await readSequence(transaction, sequence.name);
    if (found.lastValue !== sequence.lastValue || found.isCalled !== sequence.isCalled) {
      problems.push(
        `sequence ${sequence.name}: at ${found.lastValue} in the database, ${sequence.lastValue} in the archive`,
      );
    }
  }
  return { problems, sampledRows };
}

async function sampleLines(archiveDir: string, table: ArchivedTable, sampleSize: number) {
  const every = Math.max(1, Math.ceil(table.rows / sampleSize));
  const sample: string[] = [];
  let index = 0;
  for await (const line of readRowLines(tableFile(archiveDir, table.name))) {
    if (index % every === 0) sample.push(line);
    index += 1;
  }
  return sample;
}

async function compareRows(
  transaction: Transaction<DatabaseSchema>,
  shape: TableShape,
  lines: string[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const sameRow = sql.join(
    shape.primaryKey.map((column) => sql`t.${sql.id(column)} = s.${sql.id(column)}`),
    sql` and `,
  );
  const key = sql.join(shape.primaryKey.map((column) => sql`${column}::text, s.${sql.id(column)}`));
  // to_jsonb gives every type, json included, an equality to compare with.
  const differing = sql.join(
    shape.columns.map(
      (column) =>
        sql`case when to_jsonb(t.${sql.id(column)}) is distinct from to_jsonb(s.${sql.id(column)}) then ${column}::text end`,
    ),
  );
  const firstKeyColumn = sql.id(shape.primaryKey[0] as string);
  const { rows } = await sql<{ key: string; missing: boolean; differing: string[] }>`
    select json_build_object(${key})::text as key, t.${firstKeyColumn} is null as missing,
      array_remove(array[${differing}], null) as differing
    from ${archivedRows(shape.name, lines)} s
    left join ${sql.id(shape.name)} t on ${sameRow}
  `.execute(transaction);
  return rows
    .filter((row) => row.missing || row.differing.length > 0)
    .map((row) =>
      row.missing
        ? `${shape.name} ${row.key}: missing from the database`
        : `${shape.name} ${row.key}: ${row.differing.join(', ')} ${row.differing.length === 1 ? 'differs' : 'differ'} from the archive`,
    );
}
