import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createDatabase } from '../../src/db/create-database.js';
import { lockDataDirectory } from '../../src/db/data-dir-lock.js';
import type { Database } from '../../src/db/database.js';
import { readMigrations, runMigrations } from '../../src/db/migrate.js';
import { describeDrifts, reconcile } from '../../src/db/reconcile.js';
import type { DatabaseSchema } from '../../src/db/schema.js';
import { type ArchiveManifest, MANIFEST_FILE_NAME } from '../../src/db/transfer/archive.js';
import { listTables, tablesWithRows } from '../../src/db/transfer/catalog.js';
import { TransferError } from '../../src/db/transfer/errors.js';
import { importNetwork } from '../../src/db/transfer/import.js';
import { listMediaKeys } from '../../src/db/transfer/media-files.js';
import { runScript } from '../../test-support/server-process.mjs';
import {
  makeEmbeddedDataDir,
  makeTempDir,
  quietDatabaseLogger,
  runAsAdmin,
  testConfig,
} from '../helpers.js';
import { listen } from '../routes/events/live-app.js';
import { type OpenStream, openEventStream } from '../routes/events/sse.js';
import { buildNetwork, client, lookAround, type Network } from './transfer-network.js';

// The import needs PostgreSQL: CI's server when DATABASE_URL names it, else the local one.
const postgresServerUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty database on the PostgreSQL server, dropped by `drop`. */
async function createScratchDatabase() {
  const name = `whisp_transfer_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(postgresServerUrl, `create database ${name}`);
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  url.searchParams.delete('options');
  return {
    url: url.toString(),
    drop: () => runAsAdmin(postgresServerUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Reads a scratch database directly, for what HTTP cannot show (tables, raw counts). */
async function inspect<T>(url: string, look: (db: Kysely<DatabaseSchema>) => Promise<T>) {
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  try {
    return await look(db);
  } finally {
    await db.destroy();
  }
}

/** Runs `pnpm db:export` or `pnpm db:import` as pnpm would: in the package, INIT_CWD the caller's. */
function runCommand(script: 'export' | 'import', args: string[], env: Record<string, string>) {
  return runScript(`src/db/transfer/${script}-cli.ts`, args, { env, timeoutMs: SETUP_TIMEOUT_MS });
}

/** The id of the newest live event, as a member's event stream reports it on opening. */
async function newestEventId(stream: OpenStream) {
  const unread = await stream.next((item) => item.event === 'unread');
  return Number(unread.id);
}

// Building the network, two command processes (a cold tsx start each) and an embedded database
// open: seconds on an idle machine, far more on a loaded 2-core one.
const SETUP_TIMEOUT_MS = 240_000;

/**
 * Values that a careless copy loses: microseconds (JavaScript dates keep milliseconds) and the
 * last digits of a double. No route writes such values, so they are set here, on the source,
 * before the export. Returns the whisp's search vector as the source computed it.
 */
async function giveAliceExactValues(database: Database, network: Network) {
  await sql`
    update users set created_at = '2020-02-29 23:59:59.123456+00',
      banner_position_x = 0.1::float8 + 0.2::float8
    where id = ${network.members.alice.id}
  `.execute(database.kysely);
  const { rows } = await sql<{ vector: string }>`
    select search_vector::text as vector from posts where id = ${network.whispId}
  `.execute(database.kysely);
  return rows[0]?.vector ?? 'no whisp';
}

describe('pnpm db:export and pnpm db:import', { timeout: 240_000 }, () => {
  const cleanups: (() => unknown)[] = [];
  const workDir = makeTempDir('transfer');
  const archiveDir = path.join(workDir, 'archive');
  const sourceDataDir = makeEmbeddedDataDir();
  const targetDataDir = makeTempDir('target');
  let targetUrl: string;
  let target: { app: App; baseUrl: string; database: Database };
  let network: Network;
  let before: Record<string, unknown>;
  let eventIdBefore: number;
  let sourceDrifts: string;
  let sourceSearchVector: string;
  let exported: { code: number | null; output: string };
  let imported: { code: number | null; output: string };

  beforeAll(async () => {
    for (const directory of [workDir, sourceDataDir, targetDataDir]) {
      cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    }
    const sourceDatabase = await createDatabase(
      { dataDir: sourceDataDir, databaseUrl: undefined },
      quietDatabaseLogger,
    );
    await runMigrations(sourceDatabase);
    const source = await listen(testConfig({ dataDir: sourceDataDir }), sourceDatabase);
    try {
      network = await buildNetwork(source.app);
      sourceSearchVector = await giveAliceExactValues(sourceDatabase, network);
      before = await lookAround(source.app, network);
      const stream = await openEventStream(
        `${source.baseUrl}/api/events`,
        network.members.alice.headers,
      );
      eventIdBefore = await newestEventId(stream);
      stream.close();
      sourceDrifts = describeDrifts(await reconcile(sourceDatabase));
    } finally {
      await source.app.close();
      await sourceDatabase.close();
    }

    // Relative paths are the caller's, as typed at the repository root.
    exported = await runCommand('export', ['--out', 'archive'], {
      INIT_CWD: workDir,
      WHISP_DATA_DIR: sourceDataDir,
    });
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    targetUrl = scratch.url;
    imported = await runCommand('import', ['archive'], {
      INIT_CWD: workDir,
      DATABASE_URL: targetUrl,
      WHISP_DATA_DIR: targetDataDir,
    });

    const database = await createDatabase(
      { dataDir: targetDataDir, databaseUrl: targetUrl },
      quietDatabaseLogger,
    );
    target = {
      ...(await listen(testConfig({ dataDir: targetDataDir, databaseUrl: targetUrl }), database)),
      database,
    };
    cleanups.push(async () => {
      await target.app.close();
      await database.close();
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('exports and imports with a summary of what moved and what was checked', () => {
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toContain(`Archive: ${archiveDir}`);
    // Password hashes and direct messages are inside: nobody but its owner may read it.
    expect(statSync(archiveDir).mode & 0o077).toBe(0);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toMatch(/users: 3 rows/);
    expect(imported.output).toMatch(
      /Checked: every table's row count, [1-9]\d* sampled rows field by field/,
    );
    expect(imported.output).toMatch(/Media: [1-9]\d* files copied/);
  });

  it('signs members in with their old passwords and keeps their sessions, signed-out ones dead', async () => {
    for (const member of Object.values(network.members)) {
      const signIn = await target.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const session = await target.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: member.headers,
      });
      expect(session.statusCode, session.body).toBe(200);
    }
    const revoked = await target.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${network.signedOutToken}` },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('shows every member the same feeds, counts, notifications, messages and media', async () => {
    const after = await lookAround(target.app, network);

    expect(after).toEqual(before);
    const { alice } = network.members;
    const whisp = after[`${alice.username} /api/posts/${network.whispId}`] as {
      data: { media: { alt: string | null }[] };
    };
    expect(whisp.data.media.map((media) => media.alt)).toEqual([
      'A sky-blue square, packed for the move',
    ]);
  });

  it('carries the counters without drift, and the idempotency keys of past whisps', async () => {
    expect(sourceDrifts).toBe('');
    expect(describeDrifts(await reconcile(target.database))).toBe('');
    const { alice, bob } = network.members;
    const retried = await client(target.app).post(
      '/api/posts',
      alice,
      { content: `Packing for PostgreSQL #moving @${bob.username}` },
      { 'idempotency-key': 'first-whisp' },
    );
    expect(retried.data.id).toBe(network.whispId);
  });

  it('keeps values exact (microseconds, every digit, jsonb) and rebuilds the search vector', async () => {
    const { rows } = await inspect(targetUrl, (db) =>
      sql`
        select u.created_at = '2020-02-29 23:59:59.123456+00' as "sameMicroseconds",
          u.banner_position_x = 0.1::float8 + 0.2::float8 as "sameDouble",
          (select search_vector::text from posts where id = ${network.whispId}) as "searchVector",
          (select system_info from support_requests) as "systemInfo"
        from users u where u.id = ${network.members.alice.id}
      `.execute(db),
    );

    expect(rows[0]).toEqual({
      sameMicroseconds: true,
      sameDouble: true,
      searchVector: sourceSearchVector,
      systemInfo: { browser: 'Firefox 140', screen: { width: 1920, height: 1080 } },
    });
    expect(sourceSearchVector).toContain("'moving'");
  });

  it('refuses to import into a database that is not empty, and leaves it as it was', async () => {
    const countUsers = () =>
      inspect(
        targetUrl,
        async (db) => (await db.selectFrom('users').select('id').execute()).length,
      );

    const again = await runCommand('import', [archiveDir], {
      DATABASE_URL: targetUrl,
      WHISP_DATA_DIR: targetDataDir,
    });

    expect(again.code).toBe(1);
    expect(again.output).toContain('Import failed. The target database is not empty (rows in ');
    expect(again.output).toMatch(/rows in [a-z_, ]*\busers\b/);
    expect(await countUsers()).toBe(3);
  });

  // Last of the tests on the moved network: it adds a message.
  it('continues live event ids where the embedded database left off', async () => {
    const { alice, bob } = network.members;
    const stream = await openEventStream(`${target.baseUrl}/api/events`, alice.headers);
    cleanups.push(() => stream.close());

    expect(await newestEventId(stream)).toBe(eventIdBefore);
    await client(target.app).post('/api/messages', bob, {
      recipient_id: alice.id,
      content: 'Arrived!',
    });
    const message = await stream.next((item) => item.event === 'message');
    const notification = await stream.next((item) => item.event === 'notification');
    // Ids handed out before the move would be skipped by a client resuming from the newest one.
    expect(Number(message.id)).toBeGreaterThan(eventIdBefore);
    expect(Number(notification.id)).toBeGreaterThan(eventIdBefore);
  });

  it('refuses to export while a server holds the data directory, and writes nothing', async () => {
    // The lock a running server takes, held here by this (live) process.
    const lock = lockDataDirectory(sourceDataDir);
    cleanups.push(() => lock.release());

    const refused = await runCommand('export', ['--out', 'while-running'], {
      INIT_CWD: workDir,
      WHISP_DATA_DIR: sourceDataDir,
    });

    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `Export failed. The data directory ${sourceDataDir} is in use by another Whisp server (process ${process.pid})`,
    );
    expect(existsSync(path.join(workDir, 'while-running'))).toBe(false);
    expect(existsSync(path.join(workDir, 'while-running.partial'))).toBe(false);
  });

  /** A copy of the archive with one change, made after the export above. */
  function alteredArchive(name: string, alter: (manifest: ArchiveManifest, copy: string) => void) {
    const copy = path.join(workDir, name);
    cpSync(archiveDir, copy, { recursive: true });
    const manifestFile = path.join(copy, MANIFEST_FILE_NAME);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ArchiveManifest;
    alter(manifest, copy);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    return copy;
  }

  async function scratchTarget() {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    const mediaDir = path.join(makeTempDir('target-media'), 'media');
    cleanups.push(() => rmSync(path.dirname(mediaDir), { recursive: true, force: true }));
    return { ...scratch, mediaDir };
  }

  it.each([
    {
      archive: 'older',
      alter: (migrations: ArchiveManifest['migrations']) => migrations.pop(),
      advice: 'Start this version of the server once on the embedded database',
    },
    {
      archive: 'newer',
      alter: (migrations: ArchiveManifest['migrations']) =>
        migrations.push({ version: 9999, name: 'from_the_future' }),
      advice: 'Import it with the newer Whisp that exported it',
    },
  ])(
    "refuses an archive whose migrations are $archive than this Whisp's, before touching the target",
    async ({ archive, alter, advice }) => {
      const altered = alteredArchive(archive, (manifest) => alter(manifest.migrations));
      const archivedAt = JSON.parse(
        readFileSync(path.join(altered, MANIFEST_FILE_NAME), 'utf8'),
      ).migrations.at(-1);
      const current = (await readMigrations()).at(-1);
      const target = await scratchTarget();

      const attempt = importNetwork({
        archiveDir: altered,
        databaseUrl: target.url,
        mediaDir: target.mediaDir,
      });

      await expect(attempt).rejects.toThrow(TransferError);
      await expect(attempt).rejects.toThrow(
        `The archive was exported at migration ${String(archivedAt.version).padStart(4, '0')}_${archivedAt.name}; ` +
          `this Whisp is at ${current?.fileName.replace('.sql', '')}. ${advice}`,
      );
      expect(await inspect(target.url, listTables)).toEqual([]);
    },
  );

  it('keeps nothing when a check fails at the very end: no rows, no media files', async () => {
    // The last media file is copied last, after every table has loaded and been checked.
    const damaged = alteredArchive('damaged', (manifest, copy) => {
      const last = manifest.media.at(-1);
      if (!last || manifest.media.length < 2) throw new Error('The network should hold two images');
      writeFileSync(path.join(copy, 'media', last.key.slice(0, 2), last.key), 'not the image');
    });
    const target = await scratchTarget();

    const attempt = importNetwork({
      archiveDir: damaged,
      databaseUrl: target.url,
      mediaDir: target.mediaDir,
    });

    await expect(attempt).rejects.toThrow(/media file .* is damaged/);
    expect(await inspect(target.url, tablesWithRows)).toEqual(['app_meta']);
    expect(await listMediaKeys(target.mediaDir)).toEqual([]);
    const appMeta = await inspect(target.url, (db) =>
      sql<{ value: string }>`select value from app_meta where key = 'instance_id'`.execute(db),
    );
    // What the migrations wrote, not the archive's: the archive's rows were rolled back too.
    const archivedMeta = readFileSync(path.join(archiveDir, 'tables', 'app_meta.jsonl'), 'utf8');
    expect(archivedMeta).not.toContain(appMeta.rows[0]?.value);
  });
});
