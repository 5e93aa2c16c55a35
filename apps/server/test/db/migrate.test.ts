import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.js';
import { readMigrations, runMigrations } from '../../src/db/migrate.js';
import {
  makeTempDir,
  openTestDatabase,
  quietDatabaseLogger,
  type TestDatabase,
} from '../helpers.js';

function migrationsDir(files: Record<string, string>) {
  const directory = makeTempDir('migrations');
  for (const [name, script] of Object.entries(files))
    writeFileSync(path.join(directory, name), script);
  return directory;
}

async function tableExists(testDatabase: TestDatabase, table: string) {
  const { rows } = await sql<{
    name: string | null;
  }>`select to_regclass(${table})::text as name`.execute(testDatabase.database.kysely);
  return rows[0]?.name != null;
}

describe('database migrations', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function freshDatabase() {
    const testDatabase = await openTestDatabase();
    cleanups.push(() => testDatabase.destroy());
    return testDatabase;
  }

  it('applies every migration to a new database and records each one', async () => {
    const testDatabase = await freshDatabase();
    const shipped = await readMigrations();

    const applied = await runMigrations(testDatabase.database);

    expect(applied).toEqual(shipped.map((migration) => migration.fileName));
    const recorded = await testDatabase.database.kysely
      .selectFrom('schema_migrations')
      .selectAll()
      .orderBy('version')
      .execute();
    expect(recorded.map(({ version, name }) => ({ version, name }))).toEqual(
      shipped.map(({ version, name }) => ({ version, name })),
    );
    expect(recorded[0]?.applied_at).toBeInstanceOf(Date);
    const instance = await testDatabase.database.kysely
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'instance_id')
      .executeTakeFirstOrThrow();
    expect(instance.value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('applies nothing the second time', async () => {
    const testDatabase = await freshDatabase();
    await runMigrations(testDatabase.database);

    const appliedAgain = await runMigrations(testDatabase.database);

    expect(appliedAgain).toEqual([]);
    const { count } = await testDatabase.database.kysely
      .selectFrom('app_meta')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('applies each migration once when two servers start at the same moment', async () => {
    const testDatabase = await freshDatabase();
    // A second connection to the same database, as a second instance would have; the embedded
    // database allows one process, so there the two runs share it.
    const second = testDatabase.config.databaseUrl
      ? await createDatabase(testDatabase.config, quietDatabaseLogger)
      : testDatabase.database;
    if (second !== testDatabase.database) cleanups.push(() => second.close());

    const [first, other] = await Promise.all([
      runMigrations(testDatabase.database),
      runMigrations(second),
    ]);

    const shipped = (await readMigrations()).map((migration) => migration.fileName);
    expect([...first, ...other].sort()).toEqual(shipped);
  });

  it('applies only the migrations added since the last start', async () => {
    const testDatabase = await freshDatabase();
    const directory = migrationsDir({
      '0001_notes.sql': 'create table notes (id int primary key);',
    });
    cleanups.push(() => rmSync(directory, { recursive: true }));
    await runMigrations(testDatabase.database, { directory });

    writeFileSync(
      path.join(directory, '0002_note_text.sql'),
      'alter table notes add column body text;\ninsert into notes (id, body) values (1, $$a; b$$);',
    );
    const applied = await runMigrations(testDatabase.database, { directory });

    expect(applied).toEqual(['0002_note_text.sql']);
    const rows = await sql`select id, body from notes`.execute(testDatabase.database.kysely);
    expect(rows.rows).toEqual([{ id: 1, body: 'a; b' }]);
  });

  it('leaves no trace of a migration that fails halfway, and keeps the ones before it', async () => {
    const testDatabase = await freshDatabase();
    const directory = migrationsDir({
      '0001_notes.sql': 'create table notes (id int primary key);',
      '0002_broken.sql': 'create table tags (id int primary key);\nselect * from no_such_table;',
    });
    cleanups.push(() => rmSync(directory, { recursive: true }));

    await expect(runMigrations(testDatabase.database, { directory })).rejects.toThrow(
      /Migration 0002_broken\.sql failed: .*no_such_table/,
    );

    expect(await tableExists(testDatabase, 'notes')).toBe(true);
    expect(await tableExists(testDatabase, 'tags')).toBe(false);
    const versions = await testDatabase.database.kysely
      .selectFrom('schema_migrations')
      .select('version')
      .execute();
    expect(versions).toEqual([{ version: 1 }]);
  });

  it('refuses a migration file whose name has no version', async () => {
    const directory = migrationsDir({ 'add_notes.sql': 'select 1;' });
    cleanups.push(() => rmSync(directory, { recursive: true }));

    await expect(readMigrations(directory)).rejects.toThrow(/add_notes\.sql must be named like/);
  });
});
