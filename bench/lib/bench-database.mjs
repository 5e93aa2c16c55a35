// Where `pnpm bench:data` writes the network and how `pnpm bench` starts the server on it: a
// PostgreSQL database (loaded through psql) or an embedded PGlite data directory (loaded through
// PGlite itself). Both run the same SQL; only the executor and the server's environment differ.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** Starts the built server on the database and resolves once /health answers. */
export async function startServer(
  root,
  database,
  { port, env = {}, stdio = 'inherit', nodeArgs = [] },
) {
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      ...database.serverEnv,
      PORT: String(port),
      WHISP_DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio,
  });
  let exitCode;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  exited.then((code) => {
    exitCode = code;
  });
  const stop = async () => {
    if (exitCode === undefined) {
      // SIGTERM: the server closes its database (and, embedded, releases the directory's lock).
      server.kill('SIGTERM');
      await exited;
    }
  };
  for (let i = 0; ; i++) {
    if (exitCode !== undefined) throw new Error(`the server exited with code ${exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { stop };
    } catch {}
    if (i > 600) {
      await stop();
      throw new Error('the server did not answer /health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
