import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, by key. A directory on disk: the data directory's own for one
 * machine, or one that several instances mount (a network filesystem) through WHISP_MEDIA_DIR.
 * An object store (S3-compatible) would be another implementation of this same interface.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys the server makes: a content hash and an extension, nothing that can climb directories. */
export const MEDIA_KEY_PATTERN = /^[a-f0-9]{64}\.(webp|png|jpg|gif|mp4|webm)$/;

export function assertMediaKey(key: string) {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

export function createLocalDiskStorage(directory: string): MediaStorage {
  const fileFor = (key: string) => {
    assertMediaKey(key);
    // Two levels of subfolders keep any one folder small once there are many files.
    return path.join(directory, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, even after a crash. The
      // random part keeps two instances (two machines, maybe the same process id) from writing
      // into one partial file; both write the same bytes under a content-hash key, so either
      // rename may win.
      const partial = `${file}.${randomBytes(8).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
