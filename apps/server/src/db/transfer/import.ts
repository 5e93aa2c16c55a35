import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { DatabaseLogger } from '../database.js';
import { type Migration, readMigrations, runMigrations } from '../migrate.js';
import { openPostgresDatabase } from '../postgres.js';
import type { DatabaseSchema } from '../schema.js';
import { type ArchiveManifest, readManifest, tableFile } from './archive.js';
import {
  describeTable,
  listSequences,
  listTables,
  loadOrder,
  MIGRATIONS_TABLE,
  TABLES_SEEDED_BY_MIGRATIONS,
  type TableShape,
  tablesWithRows,
} from './catalog.js';
import { TransferError } from './errors.js';
import { loadTable } from './load.js';
import { importMedia, type MediaImport, removeFiles } from './media-files.js';
import { DEFAULT_SAMPLE_SIZE, verifyImport } from './verify.js';

export interface ImportOptions {
  /** A directory written by exportNetwork. */
  archiveDir: string;
  /** The PostgreSQL database to fill: new, or holding nothing but what migrations write. */
  databaseUrl: string;
  /** Where the target server keeps uploaded media. */
  mediaDir: string;
  sampleSize?: number;
  report?: (line: string) => void;
  /** Warnings from the connection pool (a dropped idle connection). */
  logger?: DatabaseLogger;
}

export interface ImportSummary {
  tables: { name: string; rows: number }[];
  sequences: number;
  sampledRows: number;
  media: { copied: number; alreadyThere: number };
}

/**
 * Loads an archive into an empty PostgreSQL database: the server's migrations first, then every
 * table in one transaction, checked against the archive before it commits. Anything failing rolls
 * the data back and removes the media files it copied.
 */
export async function importNetwork(options: ImportOptions): Promise<ImportSummary> {
  const { archiveDir, databaseUrl, mediaDir, report = () => {} } = options;
  const manifest = await readManifest(archiveDir);
  report(`Archive exported by Whisp ${manifest.whispVersion} at ${manifest.createdAt}`);
  refuseOtherMigrations(manifest, await readMigrations());
  for (const table of manifest.tables) {
    if (!existsSync(tableFile(archiveDir, table.name))) {
      throw new TransferError(`The archive lacks ${tableFile(archiveDir, table.name)}`);
    }
  }

  const database = await openPostgresDatabase(databaseUrl, options.logger ?? console);
  const media: MediaImport = { copied: 0, alreadyThere: 0, created: [] };
  try {
    await database.ping().catch((error: Error) => {
      throw new TransferError(`Could not reach PostgreSQL at DATABASE_URL: ${error.message}`);
    });
    await refuseFilledTarget(database.kysely);
    const applied = await runMigrations(database);
    report(
      `Migrations applied to the target: ${applied.length > 0 ? applied.join(', ') : 'none needed'}`,
    );

    const summary = await database.kysely.transaction().execute(async (transaction) => {
      const shapes = await matchSchemas(transaction, manifest);
      const order = await loadOrder(transaction, [...shapes.keys()]);
      await sql`set local time zone 'UTC'`.execute(transaction);
      await sql`set local extra_float_digits = 1`.execute(transaction);
      await sql`lock table ${sql.join(order.map((table) => sql.id(table)))} in access exclusive mode`.execute(
        transaction,
      );
      // A server may have started on the target since the first look.
      await refuseFilledTarget(transaction);
      for (const table of order.filter((name) => TABLES_SEEDED_BY_MIGRATIONS.has(name))) {
        await sql`delete from ${sql.id(table)}`.execute(transaction);
      }

      const tables = await loadTables(transaction, manifest, archiveDir, shapes, order, report);
      for (const sequence of manifest.sequences) {
        await sql`
          select setval(format('%I', ${sequence.name}::text)::regclass,
            ${sequence.lastValue}::bigint, ${sequence.isCalled})
        `.execute(transaction);
      }

      report('Checking the database against the archive');
      const verification = await verifyImport(
        transaction,
        manifest,
        archiveDir,
        shapes,
        options.sampleSize ?? DEFAULT_SAMPLE_SIZE,
      );
      if (verification.problems.length > 0) {
        throw new TransferError(
          `The loaded data differs from the archive, so nothing was kept:\n` +
            verification.problems.map((problem) => `  ${problem}`).join('\n'),
        );
      }
      report(`Copying ${manifest.media.length} media files to ${mediaDir}`);
      await importMedia(manifest.media, path.join(archiveDir, 'media'), mediaDir, media);
      return {
        tables,
        sequences: manifest.sequences.length,
        sampledRows: verification.sampledRows,
      };
    });
    return { ...summary, media: { copied: media.copied, alreadyThere: media.alreadyThere } };
  } catch (error) {
    await removeFiles(media.created);
    throw error;
  } finally {
    await database.close();
  }
}

function refuseOtherMigrations(manifest: ArchiveManifest, migrations: Migration[]) {
  const names = (list: { version: number; name: string }[]) =>
    list.map((migration) => `${String(migration.version).padStart(4, '0')}_${migration.name}`);
  const archived = names(manifest.migrations);
  const known = names(migrations);
  if (archived.join() === known.join()) return;
  const startsWith = (list: string[], prefix: string[]) =>
    prefix.every((name, index) => list[index] === name);
  const at = (list: string[]) => list.at(-1) ?? 'no migration';
  const versions = `The archive was exported at migration ${at(archived)}; this Whisp is at ${at(known)}.`;
  if (startsWith(known, archived)) {
    throw new TransferError(
      `${versions} Start this version of the server once on the embedded database the archive ` +
        'came from (it applies the missing migrations), then export again.',
    );
  }
  if (startsWith(archived, known)) {
    throw new TransferError(`${versions} Import it with the newer Whisp that exported it.`);
  }
  throw new TransferError(
    `The archive's migrations (${archived.join(', ')}) are not this Whisp's (${known.join(', ')}).`,
  );
}

async function refuseFilledTarget(db: Parameters<typeof tablesWithRows>[0]) {
  const filled = (await tablesWithRows(db)).filter(
    (table) => !TABLES_SEEDED_BY_MIGRATIONS.has(table),
  );
  if (filled.length > 0) {
    throw new TransferError(
      `The target database is not empty (rows in ${filled.join(', ')}). Import only into a new, ` +
        'empty database, so that nothing in it is mixed with or overwritten by the archive.',
    );
  }
}

/** The target's tables, columns and sequences, which must be exactly the archive's. */
async function matchSchemas(transaction: Transaction<DatabaseSchema>, manifest: ArchiveManifest) {
  const targetTables = (await listTables(transaction))
    .filter((table) => table !== MIGRATIONS_TABLE)
    .sort();
  const archived = manifest.tables.map((table) => table.name).sort();
  if (targetTables.join() !== archived.join()) {
    throw new TransferError(
      `The target's tables (${targetTables.join(', ')}) are not the archive's (${archived.join(', ')}): ` +
        'its schema was changed outside Whisp migrations.',
    );
  }
  const shapes = new Map<string, TableShape>();
  for (const table of manifest.tables) {
    const shape = await describeTable(transaction, table.name);
    if (shape.columns.join() !== table.columns.join()) {
      throw new TransferError(
        `${table.name} has columns (${shape.columns.join(', ')}) in the target and ` +
          `(${table.columns.join(', ')}) in the archive`,
      );
    }
    shapes.set(table.name, shape);
  }
  const targetSequences = (await listSequences(transaction)).sort();
  const archivedSequences = manifest.sequences.map((sequence) => sequence.name).sort();
  if (targetSequences.join() !== archivedSequences.join()) {
    throw new TransferError(
      `The target's sequences (${targetSequences.join(', ')}) are not the archive's ` +
        `(${archivedSequences.join(', ')})`,
    );
  }
  return shapes;
}

/**
 * Loads every table with the tables' own triggers off: counters such as like_count arrive with
 * their rows, and a trigger adding one per loaded like would count every like twice. Foreign keys
 * stay checked (their triggers are the system's, not the tables'). ALTER TABLE is transactional,
 * so the triggers are back on whatever happens.
 */
async function loadTables(
  transaction: Transaction<DatabaseSchema>,
  manifest: ArchiveManifest,
  archiveDir: string,
  shapes: Map<string, TableShape>,
  order: string[],
  report: (line: string) => void,
) {
  for (const table of order) {
    await sql`alter table ${sql.id(table)} disable trigger user`.execute(transaction);
  }
  const loaded: ImportSummary['tables'] = [];
  for (const table of order) {
    const shape = shapes.get(table) as TableShape;
    const rows = await loadTable(transaction, shape, tableFile(archiveDir, table));
    const expected = manifest.tables.find((archived) => archived.name === table)?.rows;
    if (rows !== expected) {
      throw new TransferError(
        `The archive's ${table} file holds ${rows} rows but its manifest says ${expected}: ` +
          'the archive is damaged. Export again.',
      );
    }
    loaded.push({ name: table, rows });
    report(`  ${table}: ${rows} rows`);
  }
  for (const table of order) {
    await sql`alter table ${sql.id(table)} enable trigger user`.execute(transaction);
  }
  return loaded;
}
