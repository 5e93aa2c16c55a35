import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { APP_VERSION } from '../../version.js';
import { EMBEDDED_DATABASE_DIR_NAME, openEmbeddedDatabase } from '../embedded.js';
import type { DatabaseSchema } from '../schema.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchivedTable,
  type ArchiveManifest,
  MANIFEST_FILE_NAME,
  tableFile,
} from './archive.js';
import {
  describeTable,
  listSequences,
  listTables,
  MIGRATIONS_TABLE,
  readSequence,
} from './catalog.js';
import { TransferError } from './errors.js';
import { exportMedia } from './media-files.js';

// Rows fetched per round trip: big enough to keep the embedded database busy, small enough that
// a table of any size streams through a little memory.
const ROWS_PER_FETCH = 1_000;

export interface ExportOptions {
  /** The server's WHISP_DATA_DIR, where the embedded database lives. */
  dataDir: string;
  /** Where the server keeps uploaded media. */
  mediaDir: string;
  /** The archive directory to create; it must not exist yet. */
  out: string;
  report?: (line: string) => void;
}

/**
 * Writes the whole embedded database and its media to a new archive directory. Holds the data
 * directory's lock throughout, so no server can write while the export reads, and writes into a
 * temporary name renamed at the end: an archive under the final name is always complete.
 */
export async function exportNetwork({ dataDir, mediaDir, out, report = () => {} }: ExportOptions) {
  const databaseDir = path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME);
  // Opening an empty directory would create a new database there instead of reading one.
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new TransferError(
      `No embedded database in ${dataDir} (looked for ${databaseDir}). ` +
        'Set WHISP_DATA_DIR to the data directory of the server to export.',
    );
  }
  if (existsSync(out)) {
    throw new TransferError(`${out} already exists. Choose another --out, or remove it first.`);
  }
  // First, so that a refusal (a server running on the directory) leaves nothing behind.
  const database = await openEmbeddedDatabase(dataDir);
  const partial = `${out}.partial`;
  try {
    await rm(partial, { recursive: true, force: true });
    // The archive holds what the database holds (password hashes, emails, direct messages):
    // readable by its owner only, like the data directory.
    await mkdir(partial, { mode: 0o700 });
    await mkdir(path.join(partial, 'tables'));
    report(`Reading the embedded database in ${dataDir}`);
    const manifest = await database.kysely
      .transaction()
      .execute((transaction) => readEverything(transaction, partial, report));
    manifest.media = await exportMedia(mediaDir, path.join(partial, 'media'));
    await writeFile(
      path.join(partial, MANIFEST_FILE_NAME),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function readEverything(
  transaction: Transaction<DatabaseSchema>,
  archiveDir: string,
  report: (line: string) => void,
): Promise<ArchiveManifest> {
  // One snapshot for every table; UTC and exact floats make the text independent of settings.
  await sql`set transaction isolation level repeatable read, read only`.execute(transaction);
  await sql`set local time zone 'UTC'`.execute(transaction);
  await sql`set local extra_float_digits = 1`.execute(transaction);

  const tableNames = await listTables(transaction);
  if (!tableNames.includes(MIGRATIONS_TABLE)) {
    throw new TransferError(
      'The embedded database has no Whisp tables: start the server on it once, or check WHISP_DATA_DIR.',
    );
  }
  const migrations = await transaction
    .selectFrom('schema_migrations')
    .select(['version', 'name'])
    .orderBy('version')
    .execute();

  const tables: ArchivedTable[] = [];
  for (const name of tableNames.filter((table) => table !== MIGRATIONS_TABLE)) {
    const shape = await describeTable(transaction, name);
    const rows = await writeTable(transaction, name, shape.columns, tableFile(archiveDir, name));
    tables.push({ name, columns: shape.columns, rows });
    report(`  ${name}: ${rows} rows`);
  }

  const sequences: ArchiveManifest['sequences'] = [];
  for (const name of await listSequences(transaction)) {
    sequences.push({ name, ...(await readSequence(transaction, name)) });
  }

  return {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    whispVersion: APP_VERSION,
    migrations,
    tables,
    sequences,
    media: [],
  };
}

/**
 * PostgreSQL writes each row as JSON itself (row_to_json), so timestamps keep their microseconds,
 * bigints their every digit and jsonb its structure: JavaScript never parses a value on the way.
 */
async function writeTable(
  transaction: Transaction<DatabaseSchema>,
  table: string,
  columns: string[],
  file: string,
) {
  const cursor = sql.id(`export_${table}`);
  const selected = sql.join(columns.map((column) => sql.id(column)));
  await sql`
    declare ${cursor} no scroll cursor for
    select row_to_json(r)::text as line from (select ${selected} from ${sql.id(table)}) r
  `.execute(transaction);
  const output = await open(file, 'w');
  let rows = 0;
  try {
    for (;;) {
      const { rows: batch } = await sql<{ line: string }>`
        fetch ${sql.raw(String(ROWS_PER_FETCH))} from ${cursor}
      `.execute(transaction);
      if (batch.length === 0) break;
      await output.write(`${batch.map((row) => row.line).join('\n')}\n`);
      rows += batch.length;
    }
  } finally {
    await output.close();
  }
  await sql`close ${cursor}`.execute(transaction);
  return rows;
}
