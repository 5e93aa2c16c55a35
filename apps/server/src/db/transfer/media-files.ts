import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KEY_PATTERN } from '../../media/storage.js';
import { type ArchivedMedia, mediaFileIn } from './archive.js';
import { TransferError } from './errors.js';

export async function sha256OfFile(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The keys of every stored file in a media directory. Half-written uploads (`.partial`) and
 * anything the server did not name are not media and stay behind.
 */
export async function listMediaKeys(mediaDir: string): Promise<string[]> {
  if (!existsSync(mediaDir)) return [];
  const keys: string[] = [];
  for (const folder of (await readdir(mediaDir, { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  )) {
    for (const entry of await readdir(path.join(mediaDir, folder.name), { withFileTypes: true })) {
      if (
        entry.isFile() &&
        MEDIA_KEY_PATTERN.test(entry.name) &&
        entry.name.startsWith(folder.name)
      ) {
        keys.push(entry.name);
      }
    }
  }
  return keys.sort();
}

/** Copies one file through a temporary name, so a crash never leaves half a file under the key. */
async function copyWhole(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  const partial = `${to}.${process.pid}.partial`;
  await copyFile(from, partial);
  await rename(partial, to);
}

export async function exportMedia(mediaDir: string, archiveMediaDir: string) {
  const media: ArchivedMedia[] = [];
  for (const key of await listMediaKeys(mediaDir)) {
    const target = mediaFileIn(archiveMediaDir, key);
    await copyWhole(mediaFileIn(mediaDir, key), target);
    const { size } = await stat(target);
    media.push({ key, bytes: size, sha256: await sha256OfFile(target) });
  }
  return media;
}

export interface MediaImport {
  copied: number;
  alreadyThere: number;
  /** Files this import created, for removal if the import does not commit. */
  created: string[];
}

/**
 * Copies the archive's media into the target media directory, checking each file against the
 * archive's hash. A file already there with the same bytes is kept; one with other bytes under the
 * same name would mean two different networks share the directory, so the import stops.
 */
export async function importMedia(
  media: ArchivedMedia[],
  archiveMediaDir: string,
  targetMediaDir: string,
  result: MediaImport,
) {
  for (const item of media) {
    const source = mediaFileIn(archiveMediaDir, item.key);
    const sourceHash = await sha256OfFile(source).catch(() => undefined);
    if (sourceHash !== item.sha256) {
      throw new TransferError(
        sourceHash === undefined
          ? `The archive lacks the media file ${item.key}`
          : `The archive's media file ${item.key} is damaged: its bytes differ from the manifest's hash`,
      );
    }
    const target = mediaFileIn(targetMediaDir, item.key);
    if (existsSync(target)) {
      if ((await sha256OfFile(target)) !== item.sha256) {
        throw new TransferError(
          `${target} already exists with other bytes than the archive's file of that name. ` +
            'Import into an empty media directory (WHISP_MEDIA_DIR, or WHISP_DATA_DIR/media).',
        );
      }
      result.alreadyThere += 1;
      continue;
    }
    await copyWhole(source, target);
    result.created.push(target);
    result.copied += 1;
  }
}

export async function removeFiles(files: string[]) {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}
