import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from './storage.js';

// Uploads go to disk as they arrive: a 40 MB video never sits in memory, only its first bytes
// (to tell what it is) and a running hash (to name it).

/** Every sniffer reads less: MP4's "ftyp" at byte 4, WebM's DocType in 64 bytes, SVG in 1 KiB. */
export const HEAD_BYTES = 4096;

export interface SpooledFile {
  path: string;
  size: number;
  /** The first bytes, for sniffMediaType and looksLikeSvg. */
  head: Buffer;
  /** SHA-256 of every byte, hex: a file stored as sent is named by it. */
  sha256: string;
  /** The form's size limit cut the file short (busboy's `truncated`): it is too large. */
  truncated: boolean;
}

/**
 * Writes one multipart file stream to `path`, keeping only its head and hash in memory. When the
 * stream fails (a form cut short), the partial file is removed before the error is passed on.
 */
export async function spoolToFile(
  file: Readable & { truncated?: boolean },
  path: string,
): Promise<SpooledFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const piece = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(Buffer.from(piece));
        headLength += piece.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(file, watch, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return {
    path,
    size,
    head: Buffer.concat(head),
    sha256: hash.digest('hex'),
    truncated: Boolean(file.truncated),
  };
}

/**
 * The temporary files of one request: each new path is remembered, and `removeAll` (in a
 * `finally`) deletes whatever was not moved into place, on success and on every failure alike.
 */
export function temporaryFiles(storage: MediaStorage) {
  const paths: string[] = [];
  return {
    async next() {
      const path = await storage.temporaryPath();
      paths.push(path);
      return path;
    },
    async removeAll() {
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    },
  };
}
