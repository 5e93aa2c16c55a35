import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'whisp.lock';

// A lock file whose PID is still being written looks empty for a moment; only an empty file
// older than this is a leftover from a crash.
const HALF_WRITTEN_GRACE_MS = 5_000;

export class DataDirectoryLockedError extends Error {
  override name = 'DataDirectoryLockedError';

  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holderPid: number | undefined,
  ) {
    const holder =
      holderPid === undefined
        ? 'another Whisp server'
        : `another Whisp server (process ${holderPid})`;
    super(
      `The data directory ${dataDir} is in use by ${holder}. ` +
        'Stop that server first, or give this one its own WHISP_DATA_DIR. ' +
        `Lock file: ${lockFile}`,
    );
  }
}

export interface DataDirectoryLock {
  readonly lockFile: string;
  release(): void;
}

// Lets a restarted container, whose new process may get the same PID as the one that left the
// lock behind, tell its own live lock from a stale one.
const lockFilesHeldHere = new Set<string>();

/**
 * Claims a data directory for this process, because the embedded database must never be opened
 * by two processes at once. Throws DataDirectoryLockedError when a live process holds it.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);

  if (!tryCreateLockFile(lockFile)) {
    const holderPid = readHolderPid(lockFile);
    if (isHeldByLiveProcess(lockFile, holderPid)) {
      throw new DataDirectoryLockedError(dataDir, lockFile, holderPid);
    }
    rmSync(lockFile, { force: true });
    // Another process taking over the same stale lock at the same moment wins here instead.
    if (!tryCreateLockFile(lockFile)) {
      throw new DataDirectoryLockedError(dataDir, lockFile, readHolderPid(lockFile));
    }
  }

  lockFilesHeldHere.add(lockFile);
  // If the process dies on an uncaught error, the database dies with it: the lock must not outlive it.
  const releaseOnExit = () => removeIfOurs(lockFile);
  process.once('exit', releaseOnExit);

  return {
    lockFile,
    release() {
      process.removeListener('exit', releaseOnExit);
      removeIfOurs(lockFile);
    },
  };
}

function tryCreateLockFile(lockFile: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(descriptor, `${process.pid}\n`);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

function readHolderPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isHeldByLiveProcess(lockFile: string, pid: number | undefined): boolean {
  if (pid === undefined) return isYoungerThan(lockFile, HALF_WRITTEN_GRACE_MS);
  if (pid === process.pid) return lockFilesHeldHere.has(lockFile);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function isYoungerThan(file: string, ageMs: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < ageMs;
  } catch {
    return false;
  }
}

function removeIfOurs(lockFile: string) {
  if (!lockFilesHeldHere.delete(lockFile)) return;
  // A lock that someone else took over (after ours was judged stale) is theirs to remove.
  if (readHolderPid(lockFile) === process.pid) rmSync(lockFile, { force: true });
}
