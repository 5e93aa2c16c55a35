import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.js';
import { EMBEDDED_DATABASE_DIR_NAME } from '../../src/db/embedded.js';
import { makeTempDir, quietDatabaseLogger } from '../helpers.js';

// Creating a new embedded database (initdb, in a child process of its own) on whatever
// DATABASE_URL says: this is the first start of the quick start.
const openEmbedded = (dataDir: string) =>
  createDatabase({ dataDir, databaseUrl: undefined }, quietDatabaseLogger);

describe('creating the embedded database', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  function emptyDataDir() {
    const dataDir = makeTempDir('data');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return dataDir;
  }

  it('builds it beside its place and moves it in, clearing what a creation cut short left', async () => {
    const dataDir = emptyDataDir();
    const directory = path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME);
    // What a start killed during initdb leaves: a half-made database under the creation's name,
    // and the empty directory of an older failed start.
    mkdirSync(`${directory}.creating`);
    writeFileSync(path.join(`${directory}.creating`, 'PG_VERSION'), '18\n');
    mkdirSync(directory);

    const database = await openEmbedded(dataDir);
    cleanups.push(() => database.close());

    await expect(database.ping()).resolves.toBeUndefined();
    expect(existsSync(path.join(directory, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir)).not.toContain(`${EMBEDDED_DATABASE_DIR_NAME}.creating`);
  });

  it('leaves a directory holding files but no database alone, and says so', async () => {
    const dataDir = emptyDataDir();
    const directory = path.join(dataDir, EMBEDDED_DATABASE_DIR_NAME);
    mkdirSync(directory);
    writeFileSync(path.join(directory, 'notes.txt'), 'not a database');

    await expect(openEmbedded(dataDir)).rejects.toThrow(`${directory} holds files but no database`);
    expect(readdirSync(directory)).toEqual(['notes.txt']);
    expect(readdirSync(dataDir)).not.toContain(`${EMBEDDED_DATABASE_DIR_NAME}.creating`);
  });
});
