import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Config, DEFAULT_RATE_LIMITS, loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/create-database.js';
import type { Database } from '../src/db/database.js';
import { EMBEDDED_DATABASE_DIR_NAME } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import type { LogDestination } from '../src/logger.js';
import { inDatabase, inSchema, runAsAdmin } from './postgres-admin.js';

export { inSchema, runAsAdmin };

/** Set by CI's second run: the same tests, on PostgreSQL instead of the embedded database. */
export const postgresUrl = process.env.DATABASE_URL || undefined;

const DAY_MS = 24 * 60 * 60 * 1000;

export const quietDatabaseLogger = { warn() {} };

export function makeTempDir(purpose: string) {
  return mkdtempSync(path.join(tmpdir(), `whisp-${purpose}-`));
}

/** A new data directory holding an empty embedded database, ready to open. */
export function makeEmbeddedDataDir() {
  return dataDirFrom(inject('embeddedDatabaseTemplate'));
}

/** A new data directory holding an embedded database with every migration applied. */
export function makeMigratedEmbeddedDataDir() {
  return dataDirFrom(inject('migratedEmbeddedDatabaseTemplate'));
}

function dataDirFrom(template: string) {
  const dataDir = makeTempDir('data');
  cpSync(template, path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME), { recursive: true });
  return dataDir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    // Quiet unless someone debugging asks for logs.
    logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
    // A built web app in apps/whisp/dist must not change what these tests see.
    staticDir: path.join(tmpdir(), 'whisp-no-web-app-here'),
    databaseUrl: undefined,
    // The production cost (19 MiB, two passes) takes a few hundredths of a second per hash; tests
    // hash hundreds.
    passwordHashMemoryMiB: 1,
    // Sessions a test ended stay for it to look at; session-sweep.test.ts sweeps on purpose.
    endedSessionsSweep: { firstAfterMs: DAY_MS, everyMs: DAY_MS },
    // Every test file signs up dozens of members from one address; rate-limits.test.ts proves
    // the real limits with small numbers of its own.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      registrations: { ...DEFAULT_RATE_LIMITS.registrations, max: 10_000 },
      authenticated: { ...DEFAULT_RATE_LIMITS.authenticated, max: 10_000 },
    },
    ...overrides,
  };
}

export interface TestDatabase {
  database: Database;
  config: Config;
  /** Closes the database and deletes everything it stored. */
  destroy(): Promise<void>;
}

/**
 * An empty database of its own, not yet migrated: an embedded one in a new data directory, or,
 * when DATABASE_URL is set, a new schema on that PostgreSQL server.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  return postgresUrl ? openPostgresSchema(postgresUrl) : openEmbedded(makeEmbeddedDataDir());
}

/**
 * A database of its own with every migration applied, copied from one migrated in the global
 * setup (test/global-setup.ts) rather than migrated again for each file. It gets an instance id
 * of its own, as a newly migrated one would.
 */
export async function openMigratedTestDatabase(): Promise<TestDatabase> {
  const template = postgresUrl ? inject('migratedPostgresTemplate') : null;
  const testDatabase = !postgresUrl
    ? await openEmbedded(makeMigratedEmbeddedDataDir())
    : template
      ? await openPostgresClone(postgresUrl, template)
      : await migrated(await openPostgresSchema(postgresUrl));
  await sql`
    update app_meta set value = gen_random_uuid()::text where key = 'instance_id'
  `.execute(testDatabase.database.kysely);
  return testDatabase;
}

async function migrated(testDatabase: TestDatabase) {
  await runMigrations(testDatabase.database);
  return testDatabase;
}

async function openEmbedded(dataDir: string): Promise<TestDatabase> {
  const config = testConfig({ dataDir });
  const database = await createDatabase(config, quietDatabaseLogger);
  return {
    database,
    config,
    async destroy() {
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgresSchema(serverUrl: string): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(serverUrl, `create schema ${schema}`);
  const config = testConfig({
    dataDir: makeTempDir('data'),
    databaseUrl: inSchema(serverUrl, schema),
  });
  const database = await createDatabase(config, quietDatabaseLogger);
  return {
    database,
    config,
    async destroy() {
      await database.close();
      await runAsAdmin(serverUrl, `drop schema ${schema} cascade`);
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A clone of the global setup's migrated template database. It is left in place when the file
 * ends: the global teardown drops every clone together (test/global-setup.ts says why).
 */
async function openPostgresClone(serverUrl: string, template: string): Promise<TestDatabase> {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(serverUrl, `create database ${name} template ${template}`);
  const config = testConfig({
    dataDir: makeTempDir('data'),
    databaseUrl: inDatabase(serverUrl, name),
  });
  const database = await createDatabase(config, quietDatabaseLogger);
  return {
    database,
    config,
    async destroy() {
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Stands in for the real database in front of the app (to simulate an outage). */
  wrapDatabase?: (database: Database) => Database;
  logDestination?: LogDestination;
}

/**
 * The real app on a migrated database of its own. Routes can still be added to `app` (it is not
 * ready until the first inject).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await openMigratedTestDatabase();
  const database = options.wrapDatabase?.(testDatabase.database) ?? testDatabase.database;
  const config = { ...testDatabase.config, ...options.config };
  const app = await buildApp({ config, database, logDestination: options.logDestination });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await testDatabase.destroy();
    },
  };
}

/** Makes a database's ping fail while an outage is on, as when its server is unreachable. */
export function switchableOutage() {
  let unreachable = false;
  return {
    wrap(database: Database): Database {
      return {
        ...database,
        async ping() {
          if (unreachable) throw new Error('connect ECONNREFUSED 127.0.0.1:5432 (simulated)');
          return database.ping();
        },
      };
    },
    start() {
      unreachable = true;
    },
    end() {
      unreachable = false;
    },
  };
}

/** Collects the JSON log lines an app writes. */
export function captureLogs() {
  const lines: string[] = [];
  return {
    destination: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
