import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.js';
import { readMigrations } from '../src/db/migrate.js';
import {
  type ServerProcess,
  ServerStartError,
  startServerProcess,
  waitFor,
} from '../test-support/server-process.mjs';
import { inSchema, makeMigratedEmbeddedDataDir, postgresUrl, runAsAdmin } from './helpers.js';

/** Resolves with the error a server that must not start raised: its exit code and its output. */
async function failToStart(env: Record<string, string | undefined>) {
  const error = await startServerProcess({ env }).then(
    (server) => {
      running.push(server);
      throw new Error(`The server started at ${server.url}, but should have refused`);
    },
    (error: unknown) => error,
  );
  if (!(error instanceof ServerStartError)) throw error;
  return error;
}

/** Sends the headers and half the body of a POST, and waits until the server is handling it. */
async function beginSlowRequest(server: ServerProcess) {
  const { hostname, port } = new URL(server.url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  const body = '{"content":"hello"}';
  socket.write(
    `POST /api/anything HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  let response = '';
  socket.on('data', (chunk) => {
    response += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  await waitFor('the server to start on the request', () =>
    server.output().includes('"url":"/api/anything"'),
  );
  return {
    async finish() {
      socket.end(body.slice(5));
      await closed;
      return response;
    },
    destroy: () => socket.destroy(),
  };
}

const running: ServerProcess[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Already migrated: these tests are about the process's lifecycle, and migrating at each start
// cost about 2 s of each (a process start on a 2-core machine: 6.9–7.1 s against 4.7–5.1 s).
// A first start migrating an empty database is proved on PostgreSQL below, and by the soak and
// end-to-end servers.
function embeddedDataDir() {
  const dataDir = makeMigratedEmbeddedDataDir();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function start(env: Record<string, string | undefined>) {
  const server = await startServerProcess({ env });
  running.push(server);
  return server;
}

// Each test starts a real server process (cold Node start, an embedded database) and some
// wait out the 10 s shutdown limit: on a loaded 2-core machine that can pass the 30 s default.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

// These processes run on an embedded data directory whatever DATABASE_URL says, so CI's second
// run (on PostgreSQL) would only repeat them; it runs its own variant below instead.
if (!postgresUrl) {
  describe('the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
    it.each(['SIGTERM', 'SIGINT'] as const)(
      'finishes the request in flight on %s, then exits 0 within 10 s and releases the data directory',
      async (signal) => {
        const dataDir = embeddedDataDir();
        const server = await start({ WHISP_DATA_DIR: dataDir });
        expect((await fetch(`${server.url}/health`)).status).toBe(200);
        const request = await beginSlowRequest(server);

        server.kill(signal);
        await waitFor('the drain to start', () =>
          server.output().includes('Stopping: finishing the requests in flight'),
        );
        const response = await request.finish();
        const { code, sinceSignalMs: afterMs } = await server.exited;

        expect(response).toMatch(/^HTTP\/1\.1 404/);
        expect(response).toContain('"code":"NOT_FOUND"');
        expect(code).toBe(0);
        expect(afterMs).toBeLessThan(10_000);
        expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
        expect(server.output()).toContain('Whisp stopped');
      },
    );

    it('gives up on a request that never finishes and exits 1 after 10 s', async () => {
      const server = await start({ WHISP_DATA_DIR: embeddedDataDir() });
      const request = await beginSlowRequest(server);
      cleanups.push(request.destroy);

      server.kill('SIGTERM');
      const { code, sinceSignalMs: afterMs } = await server.exited;

      expect(code).toBe(1);
      expect(afterMs).toBeGreaterThanOrEqual(9_500);
      expect(afterMs).toBeLessThan(12_000);
    });

    it('exits at once on a second signal', async () => {
      const server = await start({ WHISP_DATA_DIR: embeddedDataDir() });
      const request = await beginSlowRequest(server);
      cleanups.push(request.destroy);

      server.kill('SIGTERM');
      await waitFor('the drain to start', () =>
        server.output().includes('Stopping: finishing the requests in flight'),
      );
      server.kill('SIGINT');
      const { code, sinceSignalMs: afterMs } = await server.exited;

      expect(code).toBe(1);
      expect(afterMs).toBeLessThan(2_000);
    });

    it('refuses to start on a data directory in use, naming it and the lock, and the first keeps working', async () => {
      const dataDir = embeddedDataDir();
      const first = await start({ WHISP_DATA_DIR: dataDir });

      const second = await failToStart({ WHISP_DATA_DIR: dataDir });

      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data directory ${dataDir} is in use`);
      expect(second.output).toContain(path.join(dataDir, LOCK_FILE_NAME));
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    });

    it('refuses to start with an invalid setting and says which', async () => {
      const server = await failToStart({ WHISP_DATA_DIR: embeddedDataDir(), PORT: 'eighty' });

      expect(server.code).toBe(1);
      expect(server.output).toContain('PORT="eighty": expected a port number from 0 to 65535');
    });
  });
}

// CI's second run: the same lifecycle against PostgreSQL, where no data directory lock is involved.
const serverUrl = postgresUrl;
if (serverUrl) {
  describe('the server process on PostgreSQL', () => {
    it('migrates, answers /health, and exits 0 on SIGTERM', async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      await runAsAdmin(serverUrl, `create schema ${schema}`);
      cleanups.push(() => runAsAdmin(serverUrl, `drop schema ${schema} cascade`));
      const server = await start({
        WHISP_DATA_DIR: embeddedDataDir(),
        DATABASE_URL: inSchema(serverUrl, schema),
      });

      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      server.kill('SIGTERM');
      const { code } = await server.exited;

      expect(code).toBe(0);
      // Every migration, in order: the list grows with each one added.
      const all = (await readMigrations()).map((migration) => migration.fileName);
      expect(all[0]).toBe('0001_initial.sql');
      expect(server.output()).toContain(`"migrationsApplied":${JSON.stringify(all)}`);
    });
  });
}
