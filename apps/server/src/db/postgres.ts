import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { closeOnce, type Database, type DatabaseLogger, pingDatabase } from './database.js';
import { GenericPlansClient, PreparedStatementsClient } from './prepared-statements.js';
import type { DatabaseSchema } from './schema.js';

// Enough to keep two cores busy while some connections wait on I/O, and far below PostgreSQL's
// default limit of 100 so that several instances can share one server.
const POOL_SIZE = 10;
// Search only (see `kyselyPlannedPerCall` in ./database.ts).
const PLANNED_PER_CALL_POOL_SIZE = 4;

// PGlite returns int8 (count(*), bigint columns) as numbers and pg as strings; one shape for both
// keeps counts integers in every response, whichever database runs underneath.
const sameTypesAsEmbedded: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * JIT compilation off for the server's connections: PostgreSQL compiles a statement whose
 * estimated cost passes jit_above_cost, and For you's generic plan (and, on a member who blocks
 * and mutes, its custom plan) passed it: 50–65 ms of compiling for 2–4 ms of execution, on every
 * call (measured at 100,000 whisps; BENCHMARKS.md, Safety). Whisp's statements are short reads.
 */
function withoutJit(client: pg.PoolClient) {
  client.query('set jit = off').catch(() => {
    // As above: the connection's first statement reports a broken connection.
  });
}

/**
 * Two pools on one server. The main one's connections run every named statement on its generic
 * plan from the first call: left to choose, PostgreSQL kept planning some statements anew on every
 * call (about 0.7 ms each: For you, a feed read from the followed authors' side)
 * because a few custom plans had looked cheaper, and test/routes/feeds/query-plans.test.ts checks
 * exactly those generic plans. That setting reaches unnamed statements too, so the statements that
 * must be planned for their values run on a small pool of their own, left on `auto`.
 */
export async function openPostgresDatabase(
  connectionString: string,
  logger: DatabaseLogger,
): Promise<Database> {
  const pool = createPool(connectionString, POOL_SIZE, logger, GenericPlansClient);
  pool.on('connect', (client) => {
    // Queued before any statement of the connection's first user.
    client.query('set plan_cache_mode = force_generic_plan').catch(() => {
      // A connection that fails here fails its first statement too, which reports it.
    });
    withoutJit(client);
  });
  const plannedPerCallPool = createPool(
    connectionString,
    PLANNED_PER_CALL_POOL_SIZE,
    logger,
    PreparedStatementsClient,
  );
  plannedPerCallPool.on('connect', withoutJit);
  const kysely = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const kyselyPlannedPerCall = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: plannedPerCallPool }),
  });
  return {
    kind: 'postgres',
    kysely,
    kyselyPlannedPerCall,
    ping: () => pingDatabase(kysely),
    async runScript(transaction, script) {
      // A query without parameters goes over PostgreSQL's simple protocol, which accepts several
      // statements in one text.
      await sql.raw(script).execute(transaction);
    },
    close: closeOnce(async () => {
      await Promise.all([kysely.destroy(), kyselyPlannedPerCall.destroy()]);
    }),
    poolUse: () => [
      { pool: 'main', max: POOL_SIZE, ...use(pool) },
      { pool: 'planned_per_call', max: PLANNED_PER_CALL_POOL_SIZE, ...use(plannedPerCallPool) },
    ],
  };
}

function use(pool: pg.Pool) {
  return { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

function createPool(
  connectionString: string,
  max: number,
  logger: DatabaseLogger,
  Client: typeof PreparedStatementsClient,
) {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: sameTypesAsEmbedded,
    Client,
  });
  // Without a listener, a connection dropped while idle (PostgreSQL restarting) would crash the
  // process; the pool opens a fresh one on the next query instead.
  pool.on('error', (error) => {
    logger.warn({ err: error }, 'An idle PostgreSQL connection failed; it will be replaced');
  });
  return pool;
}
