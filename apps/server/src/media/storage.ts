import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, by key. A directory on disk: the data directory's own for one
 * machine, or one that several instances mount (a network filesystem) through WHISP_MEDIA_DIR.
 * An object store (S3-compatible) would be another implementation of this same interface.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Moves a finished file (written at a `temporaryPath()`) into place under the key: the file is
   * no longer at `file` afterwards. Large uploads go this way, never through memory.
   */
  putFile(key: string, file: string): Promise<void>;
  /**
   * A new path in the storage's own folder for files being written (uploads arriving), on the
   * same filesystem as the media, so moving one into place is a rename. Nothing is created there.
   */
  temporaryPath(): Promise<string>;
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
  // Not a two-character folder, so db:export and the key checks never take it for media.
  const temporaryDirectory = path.join(directory, 'tmp');
  return {
    async putFile(key, file) {
      const target = fileFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(file, target);
      } catch (error) {
        // A temporary folder on another filesystem (a mount point under the media directory):
        // copied beside the target, then renamed, so a reader still never sees half a file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
        try {
          await copyFile(file, partial);
          await rename(partial, target);
        } finally {
          await rm(partial, { force: true });
          await rm(file, { force: true });
        }
      }
    },
    async temporaryPath() {
      await mkdir(temporaryDirectory, { recursive: true });
      return path.join(temporaryDirectory, `${randomBytes(12).toString('hex')}.upload`);
    },
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
