import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
}

/** initdb and pg_ctl from PATH or Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function findPostgresBinaries(): PostgresBinaries | undefined {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    : [];
  for (const directory of [...onPath, ...debian]) {
    const initdb = path.join(directory, 'initdb');
    const pgCtl = path.join(directory, 'pg_ctl');
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return undefined;
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust authentication. */
  url: string;
  /** pg_ctl stop -m fast: every connection is cut at once, as in a crash or a failover. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it if running and deletes its files; safe to call twice. */
  destroy(): Promise<void>;
  log(): string;
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function uidOf(user: string) {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', user]).then(({ stdout }) => Number(stdout.trim())),
    run('id', ['-g', user]).then(({ stdout }) => Number(stdout.trim())),
  ]);
  return { uid, gid };
}

/**
 * A PostgreSQL cluster of its own in a temporary directory, on a free loopback port, that a test
 * may stop and start at will without touching anyone else's server. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user.
 */
export async function createThrowawayPostgres(
  binaries: PostgresBinaries,
): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'whisp-throwaway-postgres-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await uidOf('postgres');
    chownSync(root, uid, gid);
  }
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePort();
  const pg = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args);

  let running = false;
  const start = async () => {
    await pg(binaries.pgCtl, [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '120',
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    running = true;
  };
  const stop = async () => {
    await pg(binaries.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
    running = false;
  };

  try {
    await pg(binaries.initdb, [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        if (running) await stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
