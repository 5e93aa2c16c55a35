import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { lockDataDirectory } from './data-dir-lock.js';
import { closeOnce, type Database, pingDatabase } from './database.js';
import type { DatabaseSchema } from './schema.js';

export const EMBEDDED_DATABASE_DIR_NAME = 'db';

/** PGlite in WHISP_DATA_DIR/db: PostgreSQL without a server, for one machine and small loads. */
export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const lock = lockDataDirectory(dataDir);
  try {
    const directory = path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME);
    if (!existsSync(path.join(directory, 'PG_VERSION'))) await createInChildProcess(directory);
    const pglite = await PGlite.create(directory);
    const kysely = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect(pglite) });
    return {
      kind: 'embedded',
      kysely,
      kyselyPlannedPerCall: kysely,
      ping: () => pingDatabase(kysely),
      async runScript(_transaction, script) {
        // PGlite has a single session, which the open transaction holds while this runs, so exec()
        // lands inside that transaction. Kysely's path (query()) accepts one statement only.
        await pglite.exec(script);
      },
      close: closeOnce(async () => {
        try {
          await kysely.destroy();
        } finally {
          lock.release();
        }
      }),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

// Run with `node -e`: PGlite's CommonJS entry (resolved by the parent) and the directory as arguments.
const CREATE_DATABASE_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2])
  .then((pglite) => pglite.close())
  .catch((error) => { console.error(error); process.exitCode = 1; });
`;

/**
 * Creates a new database (PostgreSQL's initdb) in a short-lived process of its own. PGlite does it
 * in the process that opens the database, with a second PostgreSQL instance and a copy of its
 * whole WebAssembly heap, and that memory stays resident afterwards: a server whose first start
 * created its database held about 810 MB before doing anything, against 340 MB when opening the
 * same directory again (BENCHMARKS.md, "Memory"). Done here, it is all given back when the child
 * exits, and this process opens the database as on any later start.
 */
async function createInChildProcess(directory: string) {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // Made beside its place and moved in once complete: initdb writes PG_VERSION early, so a creation
  // cut short in place would be taken for a database on the next start.
  const creating = `${directory}.creating`;
  rmSync(creating, { recursive: true, force: true });
  const child = spawn(process.execPath, ['-e', CREATE_DATABASE_SCRIPT, pgliteEntry, creating], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    errors = (errors + text).slice(-4_000);
  });
  const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, exitSignal) =>
        resolve({ code: exitCode, signal: exitSignal }),
      );
    },
  );
  if (code !== 0) {
    rmSync(creating, { recursive: true, force: true });
    throw new Error(
      `Could not create the embedded database in ${directory} ` +
        `(${signal ? `killed by ${signal}` : `exit code ${code}`}): ${errors.trim()}`,
    );
  }
  // An empty directory (left by an older start that failed) would block the rename; one with
  // files in it but no database is not ours to delete.
  if (existsSync(directory) && readdirSync(directory).length === 0) rmdirSync(directory);
  try {
    renameSync(creating, directory);
  } catch (error) {
    rmSync(creating, { recursive: true, force: true });
    throw new Error(
      `${directory} holds files but no database: move them elsewhere, or set WHISP_DATA_DIR to another directory (${String(error)})`,
    );
  }
}
