import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { TransferError } from './errors.js';

/** A database connection or a transaction on one: the catalog reads work on either. */
export type Queryable = Kysely<DatabaseSchema>;

/**
 * The migrations' own bookkeeping: the target records its own run of the same migrations, and
 * the archive keeps the list to compare.
 */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Tables the migrations fill on their own (0001 writes the installation's id into app_meta).
 * A new target holds these rows already; the archive's rows replace them.
 */
export const TABLES_SEEDED_BY_MIGRATIONS = new Set(['app_meta']);

export interface TableShape {
  name: string;
  /** Columns that hold data, in table order; generated ones are left to the database. */
  columns: string[];
  primaryKey: string[];
  /** Columns of foreign keys that point back at this same table (a reply to a whisp). */
  selfReferences: string[];
}

/** The ordinary tables of the current schema (the search_path's first), by name. */
export async function listTables(db: Queryable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
    order by c.relname
  `.execute(db);
  return rows.map((row) => row.name);
}

export async function describeTable(db: Queryable, table: string): Promise<TableShape> {
  const relation = qualified(table);
  const { rows: columns } = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${relation}::regclass and attnum > 0 and not attisdropped
      and attgenerated = ''
    order by attnum
  `.execute(db);
  const { rows: keys } = await sql<{ kind: string; columns: string[]; self: boolean }>`
    select c.contype as kind, c.confrelid = c.conrelid as self,
      array(
        select a.attname::text from unnest(c.conkey) with ordinality k(attnum, position)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        order by k.position
      ) as columns
    from pg_constraint c
    where c.conrelid = ${relation}::regclass and c.contype in ('p', 'f')
  `.execute(db);
  return {
    name: table,
    columns: columns.map((column) => column.name),
    primaryKey: keys.find((key) => key.kind === 'p')?.columns ?? [],
    selfReferences: [
      ...new Set(keys.filter((key) => key.kind === 'f' && key.self).flatMap((key) => key.columns)),
    ],
  };
}

/**
 * The tables in an order where every table comes after the tables its foreign keys point to, so
 * each row finds what it references already loaded.
 */
export async function loadOrder(db: Queryable, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ table: string; references: string }>`
    select c.conrelid::regclass::text as table, c.confrelid::regclass::text as references
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema() and c.contype = 'f' and c.conrelid <> c.confrelid
  `.execute(db);
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const dependsOn = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const row of rows) dependsOn.get(unquote(row.table))?.add(unquote(row.references));

  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) &&
        [...(dependsOn.get(table) ?? [])].every(
          (other) => placed.has(other) || !dependsOn.has(other),
        ),
    );
    if (ready.length === 0) {
      const stuck = tables.filter((table) => !placed.has(table));
      throw new TransferError(`Foreign keys form a cycle between ${stuck.join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export async function listSequences(db: Queryable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'S'
    order by c.relname
  `.execute(db);
  return rows.map((row) => row.name);
}

export async function readSequence(db: Queryable, sequence: string) {
  const { rows } = await sql<{ lastValue: string; isCalled: boolean }>`
    select last_value::text as "lastValue", is_called as "isCalled" from ${sql.id(sequence)}
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`The sequence ${sequence} returned no row`);
  return row;
}

/** Tables other than the migrations' own that hold at least one row. */
export async function tablesWithRows(db: Queryable): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await listTables(db)) {
    if (table === MIGRATIONS_TABLE) continue;
    const { rows } = await sql<{ filled: boolean }>`
      select exists (select 1 from ${sql.id(table)}) as filled
    `.execute(db);
    if (rows[0]?.filled) filled.push(table);
  }
  return filled;
}

export async function countRows(db: Queryable, table: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from ${sql.id(table)}
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The name as regclass reads it: quoted, in the current schema. */
function qualified(table: string) {
  return `"${table.replaceAll('"', '""')}"`;
}
