import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';

const LOG_TABLE = 'security_test_row_writes';

export interface WriteSnapshot {
  /** Rows changed (inserted, updated, deleted) in any table since the detector was installed. */
  rowWrites: number;
  /** Every file under the media directory. */
  mediaFiles: string[];
}

export interface WriteDetector {
  snapshot(): Promise<WriteSnapshot>;
  /** What changed since `before`, as readable lines ("posts INSERT", "media + ab12….webp"); [] if nothing. */
  changesSince(before: WriteSnapshot): Promise<string[]>;
}

/**
 * Watches a migrated database and a media directory for writes. Every table gets a row-level
 * trigger that logs each insert, update and delete (and a statement one for truncate) in a log
 * table: unlike row counts or a hash of the rows, it also sees an update that changes nothing
 * visible and a write that is undone by a later one, and reading it costs one query. A rolled
 * back transaction rolls its log rows back too, so only committed writes are seen.
 */
export async function installWriteDetector(
  database: Database,
  mediaDirectory: string,
): Promise<WriteDetector> {
  const { kysely } = database;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(kysely);
  if (tables.rows.length < 10) {
    throw new Error(`Expected the migrated tables, found ${tables.rows.length}`);
  }
  // One statement per query: prepared statements (both drivers) take no more.
  const statements = [
    `create table ${LOG_TABLE} (
       id bigserial primary key,
       table_name text not null,
       operation text not null
     )`,
    `create function security_test_log_write() returns trigger language plpgsql as $$
     begin
       insert into ${LOG_TABLE} (table_name, operation) values (tg_table_name, tg_op);
       return null;
     end
     $$`,
    ...tables.rows.flatMap(({ table_name: table }) => [
      ...(table === 'sessions'
        ? [
            `create trigger security_test_row_write after insert or delete on "${table}"
               for each row execute function security_test_log_write()`,
            // When a session or an app token was last used is kept by any request that uses it,
            // at most once a minute (plugins/auth.ts): bookkeeping, not a write a fuzzed input
            // made, which a long pass over every operation meets. Any other change still counts.
            `create trigger security_test_row_update after update on "${table}"
               for each row when ((to_jsonb(old) - 'last_used_at')
                 is distinct from (to_jsonb(new) - 'last_used_at'))
               execute function security_test_log_write()`,
          ]
        : [
            `create trigger security_test_row_write after insert or update or delete on "${table}"
               for each row execute function security_test_log_write()`,
          ]),
      `create trigger security_test_truncate after truncate on "${table}"
         for each statement execute function security_test_log_write()`,
    ]),
  ];
  for (const statement of statements) await sql.raw(statement).execute(kysely);

  async function listMedia(): Promise<string[]> {
    try {
      const entries = await readdir(mediaDirectory, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(mediaDirectory, path.join(entry.parentPath, entry.name)))
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function rowWrites() {
    const result = await sql<{ writes: number }>`
      select count(*)::int as writes from ${sql.table(LOG_TABLE)}
    `.execute(kysely);
    return result.rows[0]?.writes ?? 0;
  }

  return {
    async snapshot() {
      return { rowWrites: await rowWrites(), mediaFiles: await listMedia() };
    },
    async changesSince(before) {
      const changes: string[] = [];
      if ((await rowWrites()) !== before.rowWrites) {
        const rows = await sql<{ table_name: string; operation: string }>`
          select table_name, operation from ${sql.table(LOG_TABLE)}
          order by id offset ${before.rowWrites}
        `.execute(kysely);
        changes.push(...rows.rows.map((row) => `${row.table_name} ${row.operation}`));
      }
      const media = await listMedia();
      const known = new Set(before.mediaFiles);
      const now = new Set(media);
      changes.push(...media.filter((file) => !known.has(file)).map((file) => `media + ${file}`));
      changes.push(
        ...before.mediaFiles.filter((file) => !now.has(file)).map((file) => `media - ${file}`),
      );
      return changes;
    },
  };
}
