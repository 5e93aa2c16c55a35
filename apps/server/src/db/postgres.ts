import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { closeOnce, type Database, type DatabaseLogger, pingDatabase } from './database.js';
import { PreparedStatementsClient } from './prepared-statements.js';
import type { DatabaseSchema } from './schema.js';

// Enough to keep two cores busy while some connections wait on I/O, and far below PostgreSQL's
// default limit of 100 so that several instances can share one server.
const POOL_SIZE = 10;

// PGlite returns int8 (count(*), bigint columns) as numbers and pg as strings; one shape for both
// keeps counts integers in every response, whichever database runs underneath.
const sameTypesAsEmbedded: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export async function openPostgresDatabase(
  connectionString: string,
  logger: DatabaseLogger,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: sameTypesAsEmbedded,
    Client: PreparedStatementsClient,
  });
  // Without a listener, a connection dropped while idle (PostgreSQL restarting) would crash the
  // process; the pool opens a fresh one on the next query instead.
  pool.on('error', (error) => {
    logger.warn({ err: error }, 'An idle PostgreSQL connection failed; it will be replaced');
  });
  const kysely = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    kysely,
    ping: () => pingDatabase(kysely),
    async runScript(transaction, script) {
      // A query without parameters goes over PostgreSQL's simple protocol, which accepts several
      // statements in one text.
      await sql.raw(script).execute(transaction);
    },
    close: closeOnce(() => kysely.destroy()),
  };
}
