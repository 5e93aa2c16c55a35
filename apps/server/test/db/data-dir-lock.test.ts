import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.js';
import {
  DataDirectoryLockedError,
  LOCK_FILE_NAME,
  lockDataDirectory,
} from '../../src/db/data-dir-lock.js';
import type { Database } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrate.js';
import { makeEmbeddedDataDir, makeTempDir, quietDatabaseLogger } from '../helpers.js';

// The lock guards the embedded database only, so these tests use it whatever DATABASE_URL says.
const openEmbedded = (dataDir: string) =>
  createDatabase({ dataDir, databaseUrl: undefined }, quietDatabaseLogger);

/** The id of a process that has already exited. */
function pidOfAFinishedProcess() {
  const finished = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(finished.stdout.trim());
}

describe('the data directory lock', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  function dataDirWithDatabase() {
    const dataDir = makeEmbeddedDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return dataDir;
  }
  function emptyDataDir() {
    const dataDir = makeTempDir('data');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return dataDir;
  }
  async function open(dataDir: string) {
    const database = await openEmbedded(dataDir);
    cleanups.push(() => database.close());
    return database;
  }

  it('refuses a second open of the same directory, naming it and the lock, while the first keeps working', async () => {
    const dataDir = dataDirWithDatabase();
    const first = await open(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);

    const second = openEmbedded(dataDir);

    await expect(second).rejects.toThrow(DataDirectoryLockedError);
    await expect(second).rejects.toThrow(dataDir);
    await expect(second).rejects.toThrow(lockFile);
    await expect(first.ping()).resolves.toBeUndefined();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('releases the lock on close, and the data is there when the directory is opened again', async () => {
    const dataDir = dataDirWithDatabase();
    const first: Database = await openEmbedded(dataDir);
    await runMigrations(first);
    await first.kysely.insertInto('app_meta').values({ key: 'greeting', value: 'hello' }).execute();
    await first.close();

    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const reopened = await open(dataDir);
    const row = await reopened.kysely
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'greeting')
      .executeTakeFirst();
    expect(row).toEqual({ value: 'hello' });
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    const dataDir = dataDirWithDatabase();
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    writeFileSync(lockFile, `${pidOfAFinishedProcess()}\n`);

    const database = await open(dataDir);

    await expect(database.ping()).resolves.toBeUndefined();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('takes over a lock carrying its own process id that it does not hold, as after a container restart', () => {
    const dataDir = emptyDataDir();
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);

    const lock = lockDataDirectory(dataDir);
    cleanups.push(() => lock.release());

    expect(() => lockDataDirectory(dataDir)).toThrow(DataDirectoryLockedError);
  });

  it('treats an empty lock file as held while it may still be being written, and as stale later', () => {
    const dataDir = emptyDataDir();
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    writeFileSync(lockFile, '');

    expect(() => lockDataDirectory(dataDir)).toThrow(DataDirectoryLockedError);

    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile, aMinuteAgo, aMinuteAgo);
    const lock = lockDataDirectory(dataDir);
    cleanups.push(() => lock.release());
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('leaves a lock that another process took over in place when releasing', () => {
    const dataDir = emptyDataDir();
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    const lock = lockDataDirectory(dataDir);
    writeFileSync(lockFile, `${process.ppid}\n`);

    lock.release();

    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.ppid));
  });
});
