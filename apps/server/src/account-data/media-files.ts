import { stat } from 'node:fs/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { mediaFileIn } from '../db/transfer/archive.js';
import type { MediaStorage } from '../media/storage.js';
import type { StoredMediaDetails } from '../posts/media-items.js';

// Files are named by the hash of their bytes, so two members who uploaded the same picture share
// one file: a file may only go when no member's whisp, upload record, avatar or banner names it.

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A file of an import, prepared in a temporary file and not yet in the media directory. */
export interface StagedMedia {
  key: string;
  kind: 'image' | 'video';
  file: string;
  /** A picture's details and its preview, staged beside it (a video has neither). */
  details?: StoredMediaDetails;
  preview?: { key: string; file: string };
}

const exists = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

/**
 * Moves staged files into place. Returns the keys of the files this call created (a file already
 * stored under the same key is the same bytes and stays as it was), so that a failed commit can
 * take exactly those away again.
 */
export async function moveInStagedMedia(
  storage: MediaStorage,
  mediaDir: string,
  staged: Iterable<StagedMedia>,
): Promise<string[]> {
  const created: string[] = [];
  const files = [...staged].flatMap((item) => (item.preview ? [item.preview, item] : [item]));
  for (const file of files) {
    if (await exists(mediaFileIn(mediaDir, file.key))) continue;
    await storage.putFile(file.key, file.file);
    created.push(file.key);
  }
  return created;
}

/** The keys among `keys` that something in the database still names. */
export async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // post_media holds a row for every file a whisp shows (reconcile checks it), so whisps need no
  // scan of their own; avatars and banners have no upload row. A preview is named by its upload.
  const { rows } = await sql<{ key: string }>`
    select key from post_media where key = any(${keys}::text[])
    union
    select preview_key from post_media where preview_key = any(${keys}::text[])
    union
    select avatar_key from users where avatar_key = any(${keys}::text[])
    union
    select banner_key from users where banner_key = any(${keys}::text[])
  `.execute(db);
  return new Set(rows.map((row) => row.key));
}

/** Removes those of `keys` that nothing names (after a rolled-back import). */
export async function removeUnusedFiles(db: Db, storage: MediaStorage, keys: string[]) {
  const used = await keysInUse(db, keys);
  for (const key of keys) if (!used.has(key)) await storage.delete(key);
}

/**
 * Finishes the file removals recorded in media_removals (by an account deletion, in its own
 * transaction): each file nothing names any more is deleted, then its row. Run after each
 * deletion commits and at every start, so a crash between the commit and the files leaves
 * nothing behind for long. Returns how many files were removed.
 */
export async function finishMediaRemovals(db: Kysely<DatabaseSchema>, storage: MediaStorage) {
  let removed = 0;
  for (;;) {
    const { rows } = await sql<{ key: string }>`
      select key from media_removals order by created_at, key limit 200
    `.execute(db);
    if (rows.length === 0) return removed;
    const keys = rows.map((row) => row.key);
    const used = await keysInUse(db, keys);
    for (const key of keys) {
      if (!used.has(key)) {
        await storage.delete(key);
        removed += 1;
      }
    }
    await sql`delete from media_removals where key = any(${keys}::text[])`.execute(db);
  }
}
