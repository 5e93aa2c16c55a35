import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from './schema.js';

export type DatabaseKind = 'embedded' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly kysely: Kysely<DatabaseSchema>;
  /**
   * For statements whose best plan depends on their values (PLANNED_PER_CALL: search): on
   * PostgreSQL, connections of their own that plan each statement for its values, since those
   * behind `kysely` always run the generic plan (./postgres.ts). The embedded database has one
   * session, and this is `kysely` again.
   */
  readonly kyselyPlannedPerCall: Kysely<DatabaseSchema>;
  /** Resolves when the database answers; rejects when it is unreachable or too slow to answer. */
  ping(): Promise<void>;
  /** Runs SQL text that may hold several statements (a migration) inside the given transaction. */
  runScript(transaction: Transaction<DatabaseSchema>, script: string): Promise<void>;
  /** Closes every connection and, for the embedded database, releases the data directory. */
  close(): Promise<void>;
  /** How each connection pool is used right now (PostgreSQL; the embedded database has none). */
  poolUse?(): PoolUse[];
}

export interface PoolUse {
  /** Which pool: `main`, or `planned_per_call` (see ./postgres.ts). */
  pool: string;
  max: number;
  /** Connections open, idle among them, and queries waiting for one. */
  open: number;
  idle: number;
  waiting: number;
}

export interface DatabaseLogger {
  warn(details: object, message: string): void;
}

// Long enough for a busy embedded database to get to the ping, short enough for a health probe.
const PING_TIMEOUT_MS = 3_000;

export async function pingDatabase(kysely: Kysely<DatabaseSchema>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The database did not answer within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(kysely), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Makes close() safe to call twice, as a signal can arrive while a shutdown is under way. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
