import type { Readable } from 'node:stream';
import {
  ACCOUNT_ARCHIVE_FILES,
  ACCOUNT_ARCHIVE_JSON_MAX_DEPTH,
  ACCOUNT_ARCHIVE_MAX_BYTES,
  ACCOUNT_ARCHIVE_MEDIA_PATH,
  createJsonNestingScanner,
  POST_VIDEO_MAX_BYTES,
} from '@whisp/api-client/contract';
import yauzl from 'yauzl';
import type { z } from 'zod';
import { spoolToFile } from '../media/uploads.js';

// Reads an uploaded account archive from its temporary file with yauzl, through the zip's
// central directory, and refuses anything an export would not hold before it costs much: more
// entries than an account has files, names outside the known files and media/<name> (so no
// path can climb out of a folder), declared sizes past the limits, encrypted entries. yauzl's
// validateEntrySizes then stops any entry that inflates to more than it declared (a zip bomb).

/** An account of 10,000 whisps with four pictures each, and the JSON files, fits well within. */
export const ARCHIVE_MAX_ENTRIES = 50_000;
/** whisps.json of the largest account the limits allow is far smaller. */
export const ARCHIVE_JSON_MAX_BYTES = 64 * 1024 * 1024;
/** Unpacked, an archive may hold at most this much (its media are stored, hardly compressed). */
export const ARCHIVE_MAX_UNPACKED_BYTES = 2 * ACCOUNT_ARCHIVE_MAX_BYTES;

/** The file is not a readable Whisp export: the import answers ARCHIVE_INVALID. */
export class ArchiveInvalidError extends Error {
  override name = 'ArchiveInvalidError';
}

const KNOWN_FILES = new Set<string>(ACCOUNT_ARCHIVE_FILES);

export interface AccountArchive {
  has(name: string): boolean;
  /** A JSON file, parsed and checked with its schema. */
  readJson<Schema extends z.ZodType>(name: string, schema: Schema): Promise<z.output<Schema>>;
  /** Unpacks one media entry to `path` (a temporary file), keeping only its head and hash. */
  extract(name: string, path: string): ReturnType<typeof spoolToFile>;
  close(): void;
}

export async function openAccountArchive(path: string): Promise<AccountArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    throw new ArchiveInvalidError(`Not a zip: ${(error as Error).message}`);
  }
  try {
    const entries = await listEntries(zip);
    return {
      has: (name) => entries.has(name),
      async readJson(name, schema) {
        const entry = entries.get(name);
        if (!entry) throw new ArchiveInvalidError(`${name} is missing`);
        const text = (await readJsonBytes(zip, entry)).toString('utf8');
        let value: unknown;
        let holdsNul = false;
        try {
          value = JSON.parse(text, (key, item) => {
            if (key.includes('\u0000') || (typeof item === 'string' && item.includes('\u0000'))) {
              holdsNul = true;
            }
            return item;
          });
        } catch {
          throw new ArchiveInvalidError(`${name} is not JSON`);
        }
        // PostgreSQL text cannot hold U+0000: refused here, not by a failing insert.
        if (holdsNul) throw new ArchiveInvalidError(`${name} holds the NUL character`);
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new ArchiveInvalidError(
            `${name}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`,
          );
        }
        return parsed.data;
      },
      async extract(name, target) {
        const entry = entries.get(name);
        if (!entry) throw new ArchiveInvalidError(`${name} is missing`);
        try {
          return await spoolToFile(await zip.openReadStreamPromise(entry), target);
        } catch (error) {
          throw new ArchiveInvalidError(`${name} cannot be read: ${(error as Error).message}`);
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function listEntries(zip: yauzl.ZipFile) {
  if (zip.entryCount > ARCHIVE_MAX_ENTRIES) {
    throw new ArchiveInvalidError(`${zip.entryCount} entries, at most ${ARCHIVE_MAX_ENTRIES}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => {
      zip.removeAllListeners('entry');
      reject(new ArchiveInvalidError(reason));
    };
    zip.on('error', (error: Error) => fail(`Damaged zip: ${error.message}`));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (name === 'media/') {
        zip.readEntry();
        return;
      }
      const isJson = KNOWN_FILES.has(name);
      if (!isJson && !ACCOUNT_ARCHIVE_MEDIA_PATH.test(name))
        return fail(`Unexpected entry ${name}`);
      if (entries.has(name)) return fail(`${name} twice`);
      if (entry.isEncrypted()) return fail(`${name} is encrypted`);
      const limit = isJson ? ARCHIVE_JSON_MAX_BYTES : POST_VIDEO_MAX_BYTES;
      if (entry.uncompressedSize > limit) return fail(`${name} is too large`);
      unpacked += entry.uncompressedSize;
      if (unpacked > ARCHIVE_MAX_UNPACKED_BYTES) return fail('Unpacks to too much');
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return entries;
}

/**
 * A JSON entry's bytes, refused as they inflate once arrays and objects nest deeper than an
 * export's ever do: parsing a file a million levels deep held tens of megabytes until it failed
 * (test/account-data/deep-json-memory.test.ts).
 */
async function readJsonBytes(zip: yauzl.ZipFile, entry: yauzl.Entry) {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new ArchiveInvalidError(`${entry.fileName} cannot be read: ${(error as Error).message}`);
  }
  const nesting = createJsonNestingScanner(ACCOUNT_ARCHIVE_JSON_MAX_DEPTH);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) {
      if (!nesting.push(chunk as Buffer)) {
        stream.destroy();
        throw new ArchiveInvalidError(
          `${entry.fileName} nests deeper than ${ACCOUNT_ARCHIVE_JSON_MAX_DEPTH} levels`,
        );
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ArchiveInvalidError) throw error;
    throw new ArchiveInvalidError(`${entry.fileName} is damaged: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}
