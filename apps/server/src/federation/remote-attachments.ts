import { Document, type Note, type Question } from '@fedify/fedify/vocab';
import { MEDIA_ALT_MAX_LENGTH, POST_MEDIA_MAX_IMAGES } from '@whisp/api-client/contract';
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { UnreadableImageError } from '../media/images.js';
import {
  type PreparedPostMedia,
  postMediaDetails,
  postMediaMaxBytes,
  preparePostMedia,
  putPostMedia,
  recognizePostMedia,
  storedKeysOf,
} from '../media/post-media-files.js';
import { RemoteFileRefused } from '../media/remote-files.js';
import type { StoredMediaDetails } from '../posts/media-items.js';
import { clip } from './remote-actors.js';
import { EMBEDDED_ONLY, type RemoteMedia } from './remote-media.js';

/** An attachment of a remote Note: where its file is, and its description (alt text). */
export interface RemoteAttachment {
  url: URL;
  alt: string | null;
}

/** A remote whisp's file as it will be recorded (a post_media row under its author). */
interface KeptAttachment {
  key: string;
  kind: 'image' | 'video';
  alt: string | null;
  remoteUrl: string;
  /** A picture downloaded now; a file reused from an earlier version of the whisp has its row. */
  details?: StoredMediaDetails;
}

/** A remote whisp's files, stored and waiting to be recorded with the whisp. */
export interface DownloadedAttachments {
  kept: KeptAttachment[];
  /** Files this download put into the storage: removed again when the whisp is not kept. */
  storedKeys: string[];
}

const NO_ATTACHMENTS: DownloadedAttachments = { kept: [], storedKeys: [] };

/**
 * The Note's first attachments that name a file (Document, Image, Video; `url` as a URL or a
 * Link), as many as a whisp may carry: further ones are not even looked at.
 */
export async function attachmentsOf(note: Note | Question): Promise<RemoteAttachment[]> {
  const found: RemoteAttachment[] = [];
  for await (const item of note.getAttachments(EMBEDDED_ONLY)) {
    if (!(item instanceof Document)) continue;
    const url = item.urls
      .map((each) => (each instanceof URL ? each : each.href))
      .find((each) => each?.protocol === 'https:' || each?.protocol === 'http:');
    if (!url) continue;
    // The description is the `summary` (GoToSocial writes it there), else the `name` (Mastodon's
    // way): the order Mastodon's MediaAttachmentParser reads them in.
    const described = item.summary?.toString().trim() || item.name?.toString().trim() || '';
    const alt = clip(described, MEDIA_ALT_MAX_LENGTH);
    found.push({ url, alt: alt === '' ? null : alt });
    if (found.length === POST_MEDIA_MAX_IMAGES) break;
  }
  return found;
}

/**
 * Brings a remote Note's files into this server as uploads are brought (the same type sniffing,
 * size limits, re-encoding and storage), before the whisp is written. At most what a local whisp
 * may carry: POST_MEDIA_MAX_IMAGES pictures, or one video alone. A file that cannot be had or is
 * not allowed is logged and left out; one this author's whisps already got from the same URL is
 * reused rather than downloaded again (an edit names its files again).
 */
export async function downloadAttachments(
  media: RemoteMedia,
  authorId: string,
  note: Note | Question,
): Promise<DownloadedAttachments> {
  if (!media.enabled) return NO_ATTACHMENTS;
  const attachments = await attachmentsOf(note);
  if (attachments.length === 0) return NO_ATTACHMENTS;
  const known = await media.db
    .selectFrom('post_media')
    .select(['key', 'kind', 'remote_url'])
    .where('user_id', '=', authorId)
    .where(
      'remote_url',
      'in',
      attachments.map((attachment) => attachment.url.href),
    )
    .execute();
  const result: DownloadedAttachments = { kept: [], storedKeys: [] };
  const temporary = media.temporaryFiles();
  try {
    for (const { url, alt } of attachments) {
      // A video goes alone, as on this server.
      if (result.kept.some((kept) => kept.kind === 'video')) break;
      const reused = known.find((row) => row.remote_url === url.href);
      const downloaded = reused ? undefined : await downloadOne(media, url, temporary);
      const file = reused ?? downloaded;
      // The same file named twice is shown once.
      if (!file || result.kept.some((kept) => kept.key === file.key)) continue;
      if (file.kind === 'video' && result.kept.length > 0) {
        media.skipped(url, new RemoteFileRefused('a video beside pictures'));
        continue;
      }
      if (downloaded) {
        await putPostMedia(media.storage, downloaded);
        result.storedKeys.push(...storedKeysOf(downloaded));
      }
      result.kept.push({
        key: file.key,
        kind: file.kind,
        alt,
        remoteUrl: url.href,
        details: downloaded && postMediaDetails(downloaded),
      });
    }
  } catch (error) {
    // Storage or the database failed: what was stored so far is not left behind.
    await media.removeUnused(result.storedKeys);
    throw error;
  } finally {
    await temporary.removeAll();
  }
  return result;
}

async function downloadOne(
  media: RemoteMedia,
  url: URL,
  temporary: ReturnType<RemoteMedia['temporaryFiles']>,
): Promise<PreparedPostMedia | undefined> {
  const spooled = await media.download(url, postMediaMaxBytes, temporary);
  if (!spooled) return undefined;
  const recognized = recognizePostMedia(spooled);
  if (typeof recognized === 'string') {
    media.skipped(url, new RemoteFileRefused(recognized));
    return undefined;
  }
  try {
    return await preparePostMedia(recognized);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    media.skipped(url, new RemoteFileRefused(`an unreadable picture: ${error.message}`));
    return undefined;
  }
}

/** The whisp's media_keys and media_alts, in the Note's order. */
export function mediaColumnsOf(downloaded: DownloadedAttachments) {
  const alts = downloaded.kept.map((kept) => kept.alt);
  return {
    mediaKeys: downloaded.kept.map((kept) => kept.key),
    // No descriptions at all: the empty list, as posts.createIn stores it.
    mediaAlts: alts.some((alt) => alt !== null) ? alts : [],
  };
}

/**
 * Records the files as the remote author's uploads, inside the transaction that writes the whisp:
 * both are there, or neither. The same rule as recordMedia: the same bytes have the same details.
 */
export async function recordAttachments(
  transaction: Transaction<DatabaseSchema>,
  authorId: string,
  downloaded: DownloadedAttachments,
) {
  for (const kept of downloaded.kept) {
    const fields = { remote_url: kept.remoteUrl, ...kept.details };
    await transaction
      .insertInto('post_media')
      .values({ user_id: authorId, key: kept.key, kind: kept.kind, ...fields })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doUpdateSet(fields))
      .execute();
  }
}

/**
 * Forgets a remote author's files that none of their whisps names any more (an edit dropped
 * them): their post_media rows, then each file and preview nothing else on this server names.
 */
export async function forgetUnusedAttachments(
  media: RemoteMedia,
  authorId: string,
  keys: readonly string[],
) {
  if (keys.length === 0) return;
  const { rows } = await sql<{ key: string; preview_key: string | null }>`
    delete from post_media m
    where m.user_id = ${authorId} and m.key = any(${[...keys]}::text[])
      and not exists (
        select 1 from posts p where p.author_id = ${authorId} and m.key = any(p.media_keys)
      )
    returning m.key, m.preview_key
  `.execute(media.db);
  await media.removeUnused(
    rows.flatMap((row) => (row.preview_key ? [row.key, row.preview_key] : [row.key])),
  );
}

/**
 * Runs `write`, which records the downloaded files with what names them; when it fails, the files
 * downloaded for it are removed again (unless something else names them).
 */
export async function writtenWith(
  media: RemoteMedia,
  attachments: DownloadedAttachments,
  write: () => Promise<void>,
) {
  try {
    await write();
  } catch (error) {
    await media.removeUnused(attachments.storedKeys);
    throw error;
  }
}

/**
 * An edited remote whisp's files, as its new version names them: new ones downloaded, ones named
 * again kept, ones no longer named forgotten. Nothing changes with WHISP_REMOTE_MEDIA off, as
 * nothing was downloaded for the whisp.
 */
export async function replaceAttachments(
  media: RemoteMedia,
  post: { id: string; author_id: string; media_keys: string[] },
  note: Note | Question,
) {
  if (!media.enabled) return;
  const attachments = await downloadAttachments(media, post.author_id, note);
  const columns = mediaColumnsOf(attachments);
  await writtenWith(media, attachments, () =>
    media.db.transaction().execute(async (transaction) => {
      await recordAttachments(transaction, post.author_id, attachments);
      await transaction
        .updateTable('posts')
        .set({ media_keys: columns.mediaKeys, media_alts: columns.mediaAlts })
        .where('id', '=', post.id)
        .execute();
    }),
  );
  const dropped = post.media_keys.filter((key) => !columns.mediaKeys.includes(key));
  await forgetUnusedAttachments(media, post.author_id, dropped);
}
