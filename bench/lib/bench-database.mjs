// Where `pnpm bench:data` writes the network and how `pnpm bench` starts the server on it: a
// PostgreSQL database (loaded through psql) or an embedded PGlite data directory (loaded through
// PGlite itself). Both run the same SQL; only the executor and the server's environment differ.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const EMBEDDED_LABEL = 'embedded (PGlite)';

/** A PostgreSQL database at `url`, dropped and created again by reset(). */
export function postgresDatabase(url) {
  const psql = (sql) =>
    execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-At'], {
      input: sql,
      encoding: 'utf8',
    });
  const dbName = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // Asked through the `postgres` database, so the question adds nothing to what it measures.
  const ask = (sql) =>
    execFileSync('psql', [admin.href, '-q', '-At', '-c', sql], { encoding: 'utf8' }).trim();
  return {
    label: url,
    serverEnv: { DATABASE_URL: url },
    /** The processes serving connections to this database (the server's pools, autovacuum). */
    backendPids() {
      const rows = ask(`select pid from pg_stat_activity where datname = '${dbName}'`);
      return rows === '' ? [] : rows.split('\n').map(Number);
    },
    /**
     * Transactions committed or rolled back in this database so far: outside a transaction each
     * statement is one, so per request it counts a read's statements (see COUNT_STATEMENTS).
     */
    transactions() {
      return Number(
        ask(`select xact_commit + xact_rollback from pg_stat_database where datname = '${dbName}'`),
      );
    },
    reset() {
      execFileSync('psql', [admin.href, '-q', '-c', `drop database if exists ${dbName}`]);
      execFileSync('psql', [admin.href, '-q', '-c', `create database ${dbName}`]);
    },
    async open() {},
    async exec(sql) {
      psql(sql);
    },
    async rows(sql) {
      return psql(sql)
        .trim()
        .split('\n')
        .map((line) => line.split('|'));
    },
    async close() {},
  };
}

/**
 * An embedded data directory as the server uses it (WHISP_DATA_DIR, the database in its db/
 * folder), removed and created again by reset(). While open, it holds the server's own lock on
 * the directory, so a server started on it meanwhile refuses instead of reading half a network.
 */
export function embeddedDatabase(root, dataDir) {
  let pglite;
  let lock;
  // The server's own PGlite and lock, so the files are exactly what it opens afterwards.
  const fromServer = createRequire(join(root, 'apps/server/package.json'));
  const lockModule = () =>
    import(pathToFileURL(join(root, 'apps/server/dist/db/data-dir-lock.js')).href);
  return {
    label: `${EMBEDDED_LABEL} ${dataDir}`,
    serverEnv: { DATABASE_URL: '', WHISP_DATA_DIR: dataDir },
    async reset() {
      // A server still running on the directory holds its lock: refuse rather than pull the
      // files from under it.
      if (existsSync(dataDir)) (await lockModule()).lockDataDirectory(dataDir).release();
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    },
    async open() {
      lock = (await lockModule()).lockDataDirectory(dataDir);
      const { PGlite } = await import(
        pathToFileURL(fromServer.resolve('@electric-sql/pglite')).href
      );
      // Same path and options as apps/server/src/db/embedded.ts (no extensions).
      pglite = await PGlite.create(join(dataDir, 'db'));
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    async rows(sql) {
      const result = await pglite.query(sql, [], { rowMode: 'array' });
      return result.rows.map((row) => row.map(String));
    },
    async close() {
      try {
        await pglite?.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Starts the built server on the database (quiet logs: warn) through the one server-process helper
 * of the repository, and resolves once /health answers; its output is echoed here. `stop()` sends
 * SIGTERM: the server closes its database (and, embedded, releases the directory's lock).
 */
export async function startServer(database, { port, env = {}, echo = true, nodeArgs = [] } = {}) {
  const { startServerProcess } = await serverProcessHelper();
  return startServerProcess({
    entry: 'built',
    port,
    nodeArgs,
    echo,
    timeoutMs: 60_000,
    env: {
      LOG_LEVEL: 'warn',
      // Honoured when set, as the server itself would.
      REDIS_URL: process.env.REDIS_URL || undefined,
      ...database.serverEnv,
      ...env,
    },
  });
}

/**
 * BENCH_SERVER=<another checkout>/apps/server/dist/server.js measures that build (an older
 * commit's, for a before and after on the same data): it is started by that checkout's own
 * server-process helper, as its own `pnpm bench` would.
 */
function serverProcessHelper() {
  const other = process.env.BENCH_SERVER;
  const serverDir = other
    ? dirname(dirname(resolve(other)))
    : join(import.meta.dirname, '../../apps/server');
  return import(pathToFileURL(join(serverDir, 'test-support/server-process.mjs')).href);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** User and system CPU time a process has used, in clock ticks; undefined once it has gone. */
function cpuTicks(pid, { systemOnly = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (systemOnly ? 0 : Number(fields[11])) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL 15 reports a backend's counts when it goes idle, at most once a second, and what is
 * left after the last report of a busy spell only 10 s into idleness (PGSTAT_IDLE_INTERVAL): an
 * exact count of statements waits that long before and after each case. BENCH_STATEMENTS=1 asks
 * for it (21 s more per case); otherwise statements per request are not reported.
 */
const COUNT_STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const settle = () => new Promise((done) => setTimeout(done, 10_500));

/**
 * CPU time per request of the server process and of PostgreSQL's backends on the benchmark's
 * database (other databases on the same PostgreSQL, other people's tests, are left out), and
 * statements (transactions) per request. Unlike requests/s these barely move with the load of a
 * shared machine. Embedded, PostgreSQL runs inside the server's process: its figures are null.
 */
export function cpuMeter(database, serverPid) {
  const backendTicks = (pids) => new Map(pids.map((pid) => [pid, cpuTicks(pid) ?? 0]));
  return {
    /** Call when the load is about to start. */
    async start() {
      if (COUNT_STATEMENTS) await settle();
      return {
        server: cpuTicks(serverPid),
        serverSystem: cpuTicks(serverPid, { systemOnly: true }),
        backends: database.backendPids ? backendTicks(database.backendPids()) : undefined,
        transactions: COUNT_STATEMENTS ? database.transactions?.() : undefined,
      };
    },
    /** Call right after the load stops; `requests` answered between the two calls. */
    async stop(started, requests) {
      const server = cpuTicks(serverPid);
      const serverSystem = cpuTicks(serverPid, { systemOnly: true });
      let postgresTicks;
      if (started.backends) {
        const now = backendTicks(database.backendPids());
        // A backend that closed meanwhile keeps its last reading (its very last ticks are lost).
        const pids = new Set([...started.backends.keys(), ...now.keys()]);
        postgresTicks = 0;
        for (const pid of pids) {
          postgresTicks +=
            (now.get(pid) ?? started.backends.get(pid)) - (started.backends.get(pid) ?? 0);
        }
      }
      if (COUNT_STATEMENTS) await settle();
      const transactions = COUNT_STATEMENTS ? database.transactions?.() : undefined;
      const perRequest = (ticks) =>
        ticks === undefined
          ? null
          : +((ticks * 1000) / CLOCK_TICKS_PER_SECOND / requests).toFixed(3);
      return {
        server_cpu_ms: perRequest(server - started.server),
        // The kernel's part of it: system calls, above all reading requests and writing answers
        // on their sockets (at 1M whisps 0.05-0.08 ms a request, hardly more for an answer twice
        // the size: BENCHMARKS.md, 30 November).
        server_system_cpu_ms: perRequest(serverSystem - started.serverSystem),
        postgres_cpu_ms: perRequest(postgresTicks),
        statements:
          transactions === undefined
            ? null
            : +((transactions - started.transactions) / requests).toFixed(2),
      };
    },
  };
}
