import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { request, signUp } from '../../load/client.js';
import type { DatabaseConfig } from '../../src/db/create-database.js';
import { createDatabase } from '../../src/db/create-database.js';
import { LOCK_FILE_NAME } from '../../src/db/data-dir-lock.js';
import { describeDrifts, reconcile } from '../../src/db/reconcile.js';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../../test-support/server-process.mjs';
import {
  inSchema,
  makeMigratedEmbeddedDataDir,
  makeTempDir,
  postgresUrl,
  quietDatabaseLogger,
  runAsAdmin,
} from '../helpers.js';
import { findLostWrites } from './verify-ledger.js';
import { startWriteLoad } from './write-load.js';

const MEMBERS = 4;
// Enough writes of every kind that the kill lands among commits, few enough for a loaded machine.
const KILL_AFTER_ACKNOWLEDGED = 60;
// Cold process starts (tsx, an embedded database, scrypt sign-ups) on a busy 2-core machine.
const TEST_TIMEOUT_MS = 240_000;

const running: ServerProcess[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ env });
  running.push(server);
  return server;
}

/** Members write as fast as the server answers; the server is killed while writes are in flight. */
async function writeThenKill(server: ServerProcess) {
  const members = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    members.push(await signUp(server.url, `kill${index}`));
  }
  const load = startWriteLoad(server.url, members);
  await waitFor(
    `${KILL_AFTER_ACKNOWLEDGED} acknowledged writes`,
    () => load.ledger.acknowledged >= KILL_AFTER_ACKNOWLEDGED && load.ledger.inFlight > 0,
    { timeoutMs: 150_000, intervalMs: 5 },
  );
  // In the same tick as the check: the writes counted in flight are still unanswered.
  const inFlightAtKill = load.ledger.inFlight;
  server.kill('SIGKILL');
  const { signal } = await server.exited;
  await load.stop();
  return { members, ledger: load.ledger, inFlightAtKill, signal };
}

async function expectNothingLostOrHalfWritten(
  config: DatabaseConfig,
  ledger: Awaited<ReturnType<typeof writeThenKill>>['ledger'],
) {
  const database = await createDatabase(config, quietDatabaseLogger);
  try {
    expect(await findLostWrites(database, ledger)).toEqual([]);
    const drifts = await reconcile(database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
  } finally {
    await database.close();
  }
}

describe('a server killed with SIGKILL in the middle of a write load', {
  timeout: TEST_TIMEOUT_MS,
}, () => {
  // On the embedded database whatever DATABASE_URL says: CI's second run tests PostgreSQL below.
  if (!postgresUrl) {
    it('keeps every acknowledged write on the embedded database, restarts on the same data directory, and nothing is half-written', async () => {
      // Migrated already: the kill and the restart are the point, not the first start's migrations.
      const dataDir = makeMigratedEmbeddedDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await start({ WHISP_DATA_DIR: dataDir });

      const { members, ledger, inFlightAtKill, signal } = await writeThenKill(server);

      expect(signal).toBe('SIGKILL');
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(ledger.refused).toEqual([]);
      // The killed process could not remove its lock: the restart must see it is stale.
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

      const restarted = await start({ WHISP_DATA_DIR: dataDir });
      const [member] = members;
      const lastWhisp = [...ledger.posts.keys()].at(-1);
      // Sessions live in the database: the members are still signed in.
      const read = await request(restarted.url, 'GET', `/api/posts/${lastWhisp}`, {
        token: member?.token,
      });
      expect(read.status, read.text).toBe(200);
      const written = await request(restarted.url, 'POST', '/api/posts', {
        token: member?.token,
        body: { content: 'Still here after the crash' },
      });
      expect(written.status, written.text).toBe(201);
      restarted.kill('SIGTERM');
      expect((await restarted.exited).code).toBe(0);

      await expectNothingLostOrHalfWritten({ dataDir, databaseUrl: undefined }, ledger);
    });
  }

  // CI's second run, with DATABASE_URL: the same crash on PostgreSQL, in a schema of its own.
  const serverUrl = postgresUrl;
  if (serverUrl) {
    it('keeps every acknowledged write on PostgreSQL, and nothing is half-written (DATABASE_URL run)', async () => {
      const schema = `faults_${randomBytes(6).toString('hex')}`;
      await runAsAdmin(serverUrl, `create schema ${schema}`);
      cleanups.push(() => runAsAdmin(serverUrl, `drop schema ${schema} cascade`));
      const dataDir = makeTempDir('data');
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const databaseUrl = inSchema(serverUrl, schema);
      const server = await start({ WHISP_DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

      const { ledger, inFlightAtKill, signal } = await writeThenKill(server);

      expect(signal).toBe('SIGKILL');
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(ledger.refused).toEqual([]);
      await expectNothingLostOrHalfWritten({ dataDir, databaseUrl }, ledger);
    });
  }
});
