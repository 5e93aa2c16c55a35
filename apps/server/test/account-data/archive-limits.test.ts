import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ARCHIVE_MAX_ENTRIES,
  ArchiveInvalidError,
  openAccountArchive,
} from '../../src/account-data/archive-reader.js';
import { zipOf } from '../contract/archive.js';
import { makeTempDir } from '../helpers.js';

// What an archive can make an import do is bounded before anything is unpacked, and a zip that
// lies about its sizes (a zip bomb) is stopped as it inflates. The zips are real ones with their
// directory's numbers changed, as a hostile sender would.

const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

const directory = makeTempDir('archive-limits');
let count = 0;
function saved(bytes: Uint8Array) {
  count += 1;
  const file = path.join(directory, `archive-${count}.zip`);
  writeFileSync(file, bytes);
  return file;
}

/** Sets the uncompressed size the central directory declares for `name`. */
function declareSize(zip: Uint8Array, name: string, size: number) {
  const bytes = Buffer.from(zip);
  for (let at = bytes.lastIndexOf(Buffer.from(name)); at > 46; at -= 1) {
    if (bytes.readUInt32LE(at - 46) === CENTRAL_HEADER) {
      bytes.writeUInt32LE(size, at - 46 + 24);
      return new Uint8Array(bytes);
    }
  }
  throw new Error(`no directory entry for ${name}`);
}

async function refusal(file: string) {
  try {
    const archive = await openAccountArchive(file);
    try {
      await archive.readJson('whisps.json', z.unknown());
    } finally {
      archive.close();
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('reading an uploaded account archive', () => {
  afterAll(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('stops an entry that inflates to more than it declared (a zip bomb)', async () => {
    const zip = await zipOf({ 'manifest.json': '{}', 'whisps.json': `[${'0,'.repeat(200_000)}0]` });
    const error = await refusal(saved(declareSize(zip, 'whisps.json', 100)));
    expect(error).toBeInstanceOf(ArchiveInvalidError);
    expect((error as Error).message).toMatch(/too many bytes/);
  });

  it('refuses an entry declared larger than an export could hold, before unpacking it', async () => {
    const zip = await zipOf({ 'manifest.json': '{}', 'media/big.mp4': 'tiny' });
    const error = await refusal(saved(declareSize(zip, 'media/big.mp4', 41 * 1024 * 1024)));
    expect(error).toBeInstanceOf(ArchiveInvalidError);
    expect((error as Error).message).toMatch(/too large/);
  });

  it('refuses more entries than an account has files', async () => {
    const bytes = Buffer.from(await zipOf({ 'manifest.json': '{}' }));
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(bytes.readUInt32LE(end)).toBe(END_OF_DIRECTORY);
    bytes.writeUInt16LE(ARCHIVE_MAX_ENTRIES + 1, end + 8);
    bytes.writeUInt16LE(ARCHIVE_MAX_ENTRIES + 1, end + 10);
    const error = await refusal(saved(new Uint8Array(bytes)));
    expect(error).toBeInstanceOf(ArchiveInvalidError);
  });

  it('refuses entries outside the export’s names (a folder in media/, other files, dot files)', async () => {
    const hostile: Record<string, string>[] = [
      { 'manifest.json': '{}', 'media/sub/dir.png': 'x' },
      { 'manifest.json': '{}', 'notes.txt': 'x' },
      { 'manifest.json': '{}', 'media/.hidden': 'x' },
    ];
    for (const entries of hostile) {
      expect(await refusal(saved(await zipOf(entries)))).toBeInstanceOf(ArchiveInvalidError);
    }
  });
});
