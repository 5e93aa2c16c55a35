// Where `pnpm bench:data` writes the network and how `pnpm bench` starts the server on it: a
// PostgreSQL database (loaded through psql) or an embedded PGlite data directory (loaded through
// PGlite itself). Both run the same SQL; only the executor and the server's environment differ.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '../../apps/server/test-support/server-process.mjs';

export const EMBEDDED_LABEL = 'embedded (PGlite)';

/** A PostgreSQL database at `url`, dropped and created again by reset(). */
export function postgresDatabase(url) {
  const psql = (sql) =>
    execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-At'], {
      input: sql,
      encoding: 'utf8',
    });
  return {
    label: url,
    serverEnv: { DATABASE_URL: url },
    reset() {
      const dbName = new URL(url).pathname.slice(1);
      const admin = new URL(url);
      admin.pathname = '/postgres';
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
export function startServer(database, { port, env = {}, echo = true, nodeArgs = [] } = {}) {
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
