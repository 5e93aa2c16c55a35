import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, by key. Local disk for one machine; an S3-compatible implementation
 * of this same interface is the path to several instances (not built yet: a follow-up).
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
      // Written aside, then renamed: a reader never sees half a file, even after a crash.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
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
