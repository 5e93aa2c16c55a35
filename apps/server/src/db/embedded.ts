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
    const pglite = await PGlite.create(path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME));
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
