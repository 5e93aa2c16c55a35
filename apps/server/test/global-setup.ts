import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_DATABASE_DIR_NAME, openEmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres.js';
import { inDatabase, runAsAdmin, selectAsAdmin } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A freshly initialised, empty embedded database directory to copy, never to open. */
    embeddedDatabaseTemplate: string;
    /** The same with every migration applied: what most test files start from. */
    migratedEmbeddedDatabaseTemplate: string;
    /**
     * With DATABASE_URL: a migrated database on that server for test files to clone
     * (`create database … template …`), or null where this user may not create databases.
     */
    migratedPostgresTemplate: string | null;
  }
}

const quiet = { warn() {} };

// Creating an embedded database (initdb) costs seconds, and applying the migrations about half a
// CPU-second more; copying a created and migrated one costs a fraction of that, so every test file
// starts from a copy of one of these. Tests of the migrations themselves copy the empty one.
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'whisp-test-template-'));
  const empty = path.join(root, 'empty', EMBEDDED_DATABASE_DIR_NAME);
  mkdirSync(path.dirname(empty));
  const pglite = await PGlite.create(empty);
  await pglite.close();
  const migratedDataDir = path.join(root, 'migrated');
  cpSync(empty, path.join(migratedDataDir, EMBEDDED_DATABASE_DIR_NAME), { recursive: true });
  const migrated = await openEmbeddedDatabase(migratedDataDir);
  try {
    await runMigrations(migrated);
  } finally {
    await migrated.close();
  }
  project.provide('embeddedDatabaseTemplate', empty);
  project.provide('migratedEmbeddedDatabaseTemplate', path.join(migratedDataDir, 'db'));

  const postgres = process.env.DATABASE_URL
    ? await createPostgresTemplate(process.env.DATABASE_URL)
    : undefined;
  project.provide('migratedPostgresTemplate', postgres?.name ?? null);

  return async () => {
    await postgres?.dropWithClones();
    rmSync(root, { recursive: true, force: true });
  };
}

/**
 * Cloning a database costs about a fifth of creating a schema and migrating it (measured on
 * PostgreSQL 15: 0.2–0.4 s against 1.0–1.3 s), and one file's clone is dropped with all the others
 * at the end: DROP DATABASE waits for a checkpoint (2–5 s on a busy machine), and drops made
 * together share one.
 */
async function createPostgresTemplate(serverUrl: string) {
  const name = `whisp_test_${randomBytes(5).toString('hex')}`;
  try {
    await runAsAdmin(serverUrl, `create database ${name}`);
  } catch (error) {
    console.warn(
      `Server tests: cannot create databases on DATABASE_URL's server (${(error as Error).message}); each test file migrates a schema of its own instead.`,
    );
    return undefined;
  }
  const database = await openPostgresDatabase(inDatabase(serverUrl, name), quiet);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return {
    name,
    async dropWithClones() {
      const clones = await selectAsAdmin<{ datname: string }>(
        serverUrl,
        `select datname from pg_database where datname like '${name}\\_%'`,
      );
      // Twenty at a time: well within the server's connections, and each batch shares a checkpoint.
      for (let start = 0; start < clones.length; start += 20) {
        await Promise.all(
          clones
            .slice(start, start + 20)
            .map(({ datname }) =>
              runAsAdmin(serverUrl, `drop database if exists ${datname} with (force)`),
            ),
        );
      }
      await runAsAdmin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
