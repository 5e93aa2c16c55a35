import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  type AccountArchiveWhisp,
  accountArchiveAccountSchema,
  accountArchiveManifestSchema,
  accountArchiveMembersSchema,
  accountArchiveMessagesSchema,
  accountArchiveMutedWordsSchema,
  accountArchivePostReferencesSchema,
  accountArchiveWhispsSchema,
  type importSummarySchema,
  isDatedAfterImport,
  POST_IMAGE_MAX_BYTES,
  parseHashtags,
  parseMentionCandidates,
} from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { mergedPreferences } from '../db/repositories/preferences.js';
import type { DatabaseSchema } from '../db/schema.js';
import { sniffImageType, UnreadableImageError } from '../media/images.js';
import type { MediaStorage } from '../media/storage.js';
import { temporaryFiles } from '../media/uploads.js';
import { imageDetails, sniffVideoType, toPostImage } from '../posts/media.js';
import { type AccountArchive, ArchiveInvalidError, openAccountArchive } from './archive-reader.js';
import { addRelations } from './import-relations.js';
import { moveInStagedMedia, removeUnusedFiles, type StagedMedia } from './media-files.js';

export interface ImportOptions {
  db: Kysely<DatabaseSchema>;
  storage: MediaStorage;
  mediaDir: string;
  userId: string;
  /** The uploaded archive, in a temporary file. */
  archivePath: string;
}

export type ImportSummary = z.output<typeof importSummarySchema>;

const INSERT_BATCH = 400;

/** Another import into the same account committed while this one was preparing. */
class ImportRacedError extends Error {
  override name = 'ImportRacedError';
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Adds an account export's whisps and replies (with their media), follows and mutes to the
 * member's account, in one transaction: a damaged or foreign archive throws ArchiveInvalidError
 * before anything is written, and a failure later leaves no row and no new file behind.
 * Imported whisps notify nobody: they were news when first posted, not now.
 */
export async function importAccountArchive(options: ImportOptions): Promise<ImportSummary> {
  const { db, storage, userId } = options;
  const importedAt = Date.now();
  const archive = await openAccountArchive(options.archivePath);
  const temporary = temporaryFiles(storage);
  try {
    const manifest = await archive.readJson('manifest.json', accountArchiveManifestSchema);
    const whisps = await archive.readJson('whisps.json', accountArchiveWhispsSchema);
    const following = archive.has('following.json')
      ? await archive.readJson('following.json', accountArchiveMembersSchema)
      : [];
    const mutes = archive.has('mutes.json')
      ? await archive.readJson('mutes.json', accountArchiveMembersSchema)
      : [];
    await checkOtherFiles(archive);
    const preferences = archive.has('account.json')
      ? (await archive.readJson('account.json', accountArchiveAccountSchema)).settings.preferences
      : undefined;
    // One origin per exporting server and account: whisp ids are only unique within a server.
    const origin = `${manifest.source.instance_id}/${manifest.account.id}/`;
    // Two imports of one archive at once: the second to take the member's lock finds the
    // first's rows and starts again, so it adds nothing twice (nor fails on them).
    for (let attempt = 1; ; attempt += 1) {
      try {
        const previously = await previousImports(db, userId, origin);

        const summary: ImportSummary = { whisps: 0, media: 0, follows: 0, skipped: 0 };
        const fresh: AccountArchiveWhisp[] = [];
        const inArchive = new Set<string>();
        for (const whisp of [...whisps].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
          // A rewhisp points at someone else's whisp on the old server: nothing to bring. A
          // whisp left with neither words nor media (its file lost on the old server) neither,
          // nor one dated in the future (it would sit atop every feed until that date).
          const empty = whisp.content.trim() === '' && whisp.media.length === 0;
          const future = isDatedAfterImport(whisp, importedAt);
          const again = previously.has(whisp.id) || inArchive.has(whisp.id);
          if (whisp.rewhisp_of || empty || future || again) {
            summary.skipped += 1;
          } else {
            fresh.push(whisp);
          }
          inArchive.add(whisp.id);
        }

        const media = await stageMedia(archive, fresh, () => temporary.next());
        for (const whisp of fresh) {
          const kinds = whisp.media.map((item) => media.get(item.path)?.kind);
          // As when posting: up to four images, or one video alone.
          if (kinds.includes('video') && kinds.length > 1) {
            throw new ArchiveInvalidError(`whisp ${whisp.id} has a video beside other media`);
          }
        }
        summary.media = media.size;
        const existingParents = await postsOnThisServer(db, fresh);
        const newIds = new Map<string, string>();
        const rows = fresh.map((whisp) => {
          const id = randomUUID();
          const parentId = whisp.reply_to
            ? (newIds.get(whisp.reply_to.id) ??
              previously.get(whisp.reply_to.id) ??
              (existingParents.has(whisp.reply_to.id) ? whisp.reply_to.id : null))
            : null;
          newIds.set(whisp.id, id);
          return { id, whisp, parentId };
        });
        const mentioned = await resolveMentions(db, fresh);

        const created: string[] = [];
        try {
          await db.transaction().execute(async (transaction) => {
            await sql`select pg_advisory_xact_lock(hashtextextended(${`account-import:${userId}`}, 0))`.execute(
              transaction,
            );
            const imported = await previousImports(transaction, userId, origin);
            if (imported.size !== previously.size) throw new ImportRacedError();
            for (let start = 0; start < rows.length; start += INSERT_BATCH) {
              const batch = rows.slice(start, start + INSERT_BATCH);
              await sql`
                    insert into posts (id, author_id, content, media_keys, media_alts, hashtags, mentions,
                                       is_reply, reply_to_id, can_reply, can_repost, created_at, updated_at)
                    values ${sql.join(
                      batch.map(({ id, whisp, parentId }) => {
                        const keys = whisp.media.map((item) => media.get(item.path)?.key as string);
                        const alts = whisp.media.map((item) => item.alt || null);
                        const mentions = parseMentionCandidates(whisp.content).flatMap(
                          (name) => mentioned.get(name.toLowerCase()) ?? [],
                        );
                        return sql`(${id}::uuid, ${userId}::uuid, ${whisp.content}, ${keys}::text[],
                          ${alts.some((alt) => alt !== null) ? alts : []}::text[],
                          ${parseHashtags(whisp.content)}::text[], ${mentions}::text[],
                          ${parentId !== null}, ${parentId}::uuid, ${whisp.reply_settings.can_reply},
                          ${whisp.reply_settings.can_repost}, ${whisp.created_at}::timestamptz,
                          ${whisp.updated_at}::timestamptz)`;
                      }),
                    )}
                  `.execute(transaction);
              await sql`
                    insert into imported_posts (user_id, source, post_id)
                    values ${sql.join(batch.map(({ id, whisp }) => sql`(${userId}::uuid, ${origin + whisp.id}, ${id}::uuid)`))}
                  `.execute(transaction);
            }
            summary.whisps = rows.length;
            if (media.size > 0) {
              // One row a file (two archive paths may hold the same picture), so that an upload
              // of these bytes recorded before its details were kept gets them now.
              const uploads = new Map([...media.values()].map((file) => [file.key, file]));
              await sql`
                    insert into post_media (user_id, key, kind, animated, width, height, preview_key, blurhash)
                    values ${sql.join(
                      [...uploads.values()].map(
                        ({ key, kind, details }) =>
                          sql`(${userId}::uuid, ${key}, ${kind}, ${details?.animated ?? false},
                            ${details?.width ?? null}::integer, ${details?.height ?? null}::integer,
                            ${details?.preview_key ?? null}, ${details?.blurhash ?? null})`,
                      ),
                    )}
                    on conflict (user_id, key) do update set animated = excluded.animated,
                      width = excluded.width, height = excluded.height,
                      preview_key = excluded.preview_key, blurhash = excluded.blurhash
                    where excluded.preview_key is not null
                  `.execute(transaction);
            }
            if (preferences) {
              await transaction
                .updateTable('users')
                .set({ preferences: mergedPreferences(preferences) })
                .where('id', '=', userId)
                .execute();
            }
            const relations = await addRelations(transaction, userId, following, mutes);
            summary.follows = relations.follows;
            summary.skipped += relations.skipped;
            // Last, so a failure before it leaves no file; removed again below if the commit fails.
            created.push(...(await moveInStagedMedia(storage, options.mediaDir, media.values())));
          });
        } catch (error) {
          await removeUnusedFiles(db, storage, created);
          throw error;
        }
        return summary;
      } catch (error) {
        if (error instanceof ImportRacedError && attempt < 2) continue;
        throw error;
      }
    }
  } finally {
    archive.close();
    await temporary.removeAll();
  }
}

/** What this member imported before from the same server and account: old id → post id. */
async function previousImports(db: Kysely<DatabaseSchema>, userId: string, origin: string) {
  const { rows } = await sql<{ source: string; post_id: string | null }>`
    select source, post_id from imported_posts
    where user_id = ${userId} and starts_with(source, ${origin})
  `.execute(db);
  // A null post: imported once, deleted since. Remembered all the same (nothing comes back).
  const found = new Map<string, string | null>();
  for (const row of rows) found.set(row.source.slice(origin.length), row.post_id);
  return found;
}

/** Parents that exist here under the same id (an archive brought back to its own server). */
async function postsOnThisServer(db: Kysely<DatabaseSchema>, whisps: AccountArchiveWhisp[]) {
  const ids = [
    ...new Set(
      whisps.flatMap((w) => (w.reply_to && UUID.test(w.reply_to.id) ? [w.reply_to.id] : [])),
    ),
  ];
  if (ids.length === 0) return new Set<string>();
  const { rows } = await sql<{ id: string }>`
    select id::text as id from posts where id = any(${ids}::uuid[])
  `.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** lower-case name → the member's username, for every name the whisps mention. */
async function resolveMentions(db: Kysely<DatabaseSchema>, whisps: AccountArchiveWhisp[]) {
  const names = [
    ...new Set(
      whisps.flatMap((w) => parseMentionCandidates(w.content).map((n) => n.toLowerCase())),
    ),
  ];
  if (names.length === 0) return new Map<string, string>();
  const { rows } = await sql<{ username: string }>`
    select username from users where lower(username) = any(${names}::text[]) and host is null
  `.execute(db);
  return new Map(rows.map((row) => [row.username.toLowerCase(), row.username]));
}

/**
 * Unpacks each file the fresh whisps show, recognised by its bytes as uploads are, and prepares
 * it as an upload would be stored: an image re-encoded (only pixels survive), a video as it is.
 * Nothing is in the media directory yet.
 */
async function stageMedia(
  archive: AccountArchive,
  whisps: AccountArchiveWhisp[],
  nextTemporaryPath: () => Promise<string>,
) {
  const staged = new Map<string, StagedMedia>();
  for (const whisp of whisps) {
    for (const { path } of whisp.media) {
      if (staged.has(path)) continue;
      const file = await archive.extract(path, await nextTemporaryPath());
      const image = sniffImageType(file.head);
      const video = image ? undefined : sniffVideoType(file.head);
      if (image) {
        if (file.size > POST_IMAGE_MAX_BYTES) throw new ArchiveInvalidError(`${path} is too large`);
        let processed: Awaited<ReturnType<typeof toPostImage>>;
        try {
          processed = await toPostImage(file.path, image);
        } catch (error) {
          if (error instanceof UnreadableImageError) {
            throw new ArchiveInvalidError(`${path} is not a readable image`);
          }
          throw error;
        }
        // Kept on disk, not in memory, until the rows are written: an archive has many pictures.
        const output = await nextTemporaryPath();
        await writeFile(output, processed.bytes, { flag: 'wx' });
        const preview = await nextTemporaryPath();
        await writeFile(preview, processed.preview.bytes, { flag: 'wx' });
        staged.set(path, {
          key: processed.key,
          kind: 'image',
          file: output,
          details: imageDetails(processed),
          preview: { key: processed.preview.key, file: preview },
        });
      } else if (video) {
        staged.set(path, { key: `${file.sha256}.${video}`, kind: 'video', file: file.path });
      } else {
        throw new ArchiveInvalidError(`${path} is not an image or a video`);
      }
    }
  }
  return staged;
}

/**
 * The files an import does not use are checked all the same: a damaged export is refused whole,
 * not half read. A file may be missing (an archive of whisps alone is welcome).
 */
async function checkOtherFiles(archive: AccountArchive) {
  const schemas = [
    ['followers.json', accountArchiveMembersSchema],
    ['blocks.json', accountArchiveMembersSchema],
    ['likes.json', accountArchivePostReferencesSchema],
    ['bookmarks.json', accountArchivePostReferencesSchema],
    ['muted_words.json', accountArchiveMutedWordsSchema],
    ['messages.json', accountArchiveMessagesSchema],
  ] as const;
  for (const [name, schema] of schemas) {
    if (archive.has(name)) await archive.readJson(name, schema);
  }
}
