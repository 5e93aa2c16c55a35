import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Fedify's key–value store in the fedify_kv table (0035_fedify_store_and_queue.sql): shared by
 * every instance on the database and kept across restarts. Each operation is one statement, so
 * `cas` is atomic without a transaction.
 */
export class DatabaseKvStore implements KvStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.#db
      .selectFrom('fedify_kv')
      .select('value')
      .where('key', '=', toKeyArray(key))
      .where(notExpired)
      .executeTakeFirst();
    return row?.value as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = expiresAtFor(options);
    await this.#db
      .insertInto('fedify_kv')
      .values({ key: toKeyArray(key), value: jsonb(value), expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: jsonb(value), expires_at: expiresAt }),
      )
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.#db.deleteFrom('fedify_kv').where('key', '=', toKeyArray(key)).execute();
  }

  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const expiresAt = expiresAtFor(options);
    const keyArray = toKeyArray(key);
    if (expectedValue === undefined) {
      // Absent, or present but expired (which reads as absent).
      const inserted = await this.#db
        .insertInto('fedify_kv')
        .values({ key: keyArray, value: jsonb(newValue), expires_at: expiresAt })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({ value: jsonb(newValue), expires_at: expiresAt })
            .where(sql<SqlBool>`fedify_kv.expires_at <= now()`),
        )
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    // jsonb equality ignores key order, as Fedify's in-memory store's deep equality does.
    const updated = await this.#db
      .updateTable('fedify_kv')
      .set({ value: jsonb(newValue), expires_at: expiresAt })
      .where('key', '=', keyArray)
      .where(sql<SqlBool>`value = ${jsonb(expectedValue)}`)
      .where(notExpired)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.#db.selectFrom('fedify_kv').select(['key', 'value']).where(notExpired);
    if (prefix) {
      query = query.where(sql<SqlBool>`key[1:${prefix.length}] = ${toKeyArray(prefix)}`);
    }
    const rows = await query.orderBy('key').execute();
    for (const row of rows) {
      yield { key: row.key as unknown as KvKey, value: row.value };
    }
  }

  /** Deletes expired rows (they already read as absent); for a periodic sweep. */
  async deleteExpired(): Promise<number> {
    const result = await this.#db
      .deleteFrom('fedify_kv')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

// One text[] parameter: Kysely would spread a plain array into a list of values.
function toKeyArray(key: KvKey) {
  return sql<string[]>`${[...key]}::text[]`;
}

// The drivers would send a bare string as text, which is not valid jsonb: send JSON text.
function jsonb(value: unknown) {
  return sql<unknown>`${JSON.stringify(value)}::jsonb`;
}

const notExpired = sql<SqlBool>`(expires_at is null or expires_at > now())`;

// The database's clock decides expiry, so instances with skewed clocks agree.
function expiresAtFor(options: KvStoreSetOptions | undefined) {
  if (!options?.ttl) return null;
  const seconds = options.ttl.total({ unit: 'millisecond' }) / 1000;
  return sql<Date>`now() + make_interval(secs => ${seconds})`;
}
