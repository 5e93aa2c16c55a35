import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DatabaseSchema } from './schema.js';

/** Next to this module in src/ (tsx) and in dist/ (the build copies them there). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  fileName: string;
  script: string;
}

export async function readMigrations(directory = MIGRATIONS_DIR): Promise<Migration[]> {
  const fileNames = (await readdir(directory))
    .filter((fileName) => fileName.endsWith('.sql'))
    .sort();
  const migrations: Migration[] = [];
  for (const fileName of fileNames) {
    const match = MIGRATION_FILE_NAME.exec(fileName);
    // A misnamed file would otherwise be skipped silently and its schema change never applied.
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file ${fileName} must be named like 0001_create_members.sql`);
    }
    const version = Number(match[1]);
    if (migrations.some((migration) => migration.version === version)) {
      throw new Error(`Two migration files share version ${match[1]} in ${directory}`);
    }
    const script = await readFile(path.join(directory, fileName), 'utf8');
    migrations.push({ version, name: match[2], fileName, script });
  }
  return migrations;
}

/**
 * Applies every migration not yet recorded in schema_migrations, oldest first, each in its own
 * transaction together with its record, and returns the file names it applied.
 */
export async function runMigrations(
  database: Database,
  { directory = MIGRATIONS_DIR }: { directory?: string } = {},
): Promise<string[]> {
  const migrations = await readMigrations(directory);
  const appliedBefore = await database.kysely.transaction().execute(async (transaction) => {
    await holdMigrationLock(transaction);
    await createMigrationsTable(transaction);
    const rows = await transaction.selectFrom('schema_migrations').select('version').execute();
    return new Set(rows.map((row) => row.version));
  });

  const appliedNow: string[] = [];
  for (const migration of migrations) {
    if (appliedBefore.has(migration.version)) continue;
    const applied = await database.kysely.transaction().execute(async (transaction) => {
      await holdMigrationLock(transaction);
      // Another instance may have applied it while this one waited for the lock.
      const done = await transaction
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (done) return false;
      try {
        await database.runScript(transaction, migration.script);
      } catch (error) {
        throw new Error(`Migration ${migration.fileName} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await transaction
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name })
        .execute();
      return true;
    });
    if (applied) appliedNow.push(migration.fileName);
  }
  return appliedNow;
}

// Instances starting together on one PostgreSQL take turns: the lock lasts until the transaction
// ends, so a crash can never leave it held.
async function holdMigrationLock(transaction: Transaction<DatabaseSchema>) {
  await sql`select pg_advisory_xact_lock(hashtext('whisp.schema_migrations'))`.execute(transaction);
}

async function createMigrationsTable(transaction: Transaction<DatabaseSchema>) {
  await sql`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )
  `.execute(transaction);
}
