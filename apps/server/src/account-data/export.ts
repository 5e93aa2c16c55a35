import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_FORMAT_VERSION,
  type AccountArchiveAccount,
  type AccountArchiveManifest,
  type AccountArchiveWhisp,
} from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import yazl from 'yazl';
import { readPreferences } from '../db/repositories/preferences.js';
import type { UserRow } from '../db/repositories/users.js';
import type { DatabaseSchema } from '../db/schema.js';
import { mediaFileIn } from '../db/transfer/archive.js';
import { toCurrentUser } from '../http/user-shapes.js';
import { APP_VERSION } from '../version.js';
import {
  conversationsFile,
  memberListFile,
  mutedWordsFile,
  postReferencesFile,
} from './export-lists.js';
import {
  EXPORT_PAGE_SIZE,
  isoTime,
  jsonArray,
  mapRows,
  type PageCursor,
  pagedRows,
} from './json-stream.js';

export interface AccountExportOptions {
  db: Kysely<DatabaseSchema>;
  mediaDir: string;
  member: UserRow;
  /** Told of a failure once the answer has started (the zip is then cut short). */
  onError(error: Error): void;
}

const archiveMediaPath = (key: string) => `media/${key}`;

/**
 * The member's whole account as a zip stream. Files are added as lazy streams: a JSON file's
 * rows are read a page at a time when the zip reaches it, and a media file is opened only when
 * its turn comes, so neither the archive nor all the media are ever held in memory (and 10,000
 * files never hold 10,000 file descriptors). The JSON files are deflated; the media, already
 * compressed images and videos, are stored as they are.
 */
export async function createAccountExport({ db, mediaDir, member, onError }: AccountExportOptions) {
  const userId = member.id;
  const mediaKeys = await existingMediaKeys(db, mediaDir, member);
  const instanceId = await sql<{ value: string }>`
    select value from app_meta where key = 'instance_id'
  `.execute(db);

  const zip = new yazl.ZipFile();
  zip.on('error', (error: Error) => {
    onError(error);
    (zip.outputStream as Readable).destroy(error);
  });
  const mtime = new Date();
  const addJson = (name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>) => {
    const stream = Readable.from(chunks);
    stream.on('error', (error) => zip.emit('error', error));
    zip.addReadStream(stream, name, { compress: true, mtime });
  };
  const whole = (value: unknown) => [Buffer.from(`${JSON.stringify(value, null, 2)}\n`)];

  const manifest: AccountArchiveManifest = {
    format: ACCOUNT_ARCHIVE_FORMAT,
    version: ACCOUNT_ARCHIVE_FORMAT_VERSION,
    exported_at: mtime.toISOString(),
    source: { instance_id: instanceId.rows[0]?.value ?? 'unknown', version: APP_VERSION },
    account: { id: userId, username: member.username },
  };
  // First, so an importer can tell a Whisp export from any other zip by its first entry.
  addJson('manifest.json', whole(manifest));
  const image = (key: string | null) => (key && mediaKeys.has(key) ? archiveMediaPath(key) : null);
  const account: AccountArchiveAccount & { user: object } = {
    user: {
      ...toCurrentUser(member),
      avatar: image(member.avatar_key),
      banner: image(member.banner_key),
    },
    settings: {
      is_private: member.is_private,
      banner_position_x: member.banner_position_x,
      banner_position_y: member.banner_position_y,
      preferences: readPreferences(member.preferences),
    },
  };
  addJson('account.json', whole(account));
  addJson(
    'whisps.json',
    jsonArray(mapRows(whispRows(db, userId), (row) => toWhisp(row, mediaKeys))),
  );
  addJson('following.json', memberListFile(db, userId, 'following'));
  addJson('followers.json', memberListFile(db, userId, 'followers'));
  addJson('bookmarks.json', postReferencesFile(db, userId, 'bookmarks'));
  addJson('likes.json', postReferencesFile(db, userId, 'likes'));
  addJson('blocks.json', memberListFile(db, userId, 'blocks'));
  addJson('mutes.json', memberListFile(db, userId, 'mutes'));
  addJson('muted_words.json', mutedWordsFile(db, userId));
  addJson('messages.json', conversationsFile(db, userId));
  for (const key of mediaKeys) {
    const stream = Readable.from(fileChunks(mediaFileIn(mediaDir, key)));
    stream.on('error', (error) => zip.emit('error', error));
    zip.addReadStream(stream, archiveMediaPath(key), { compress: false, mtime });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** Opens the file only when the zip asks for its first bytes. */
async function* fileChunks(file: string): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(file)) yield chunk as Buffer;
}

/**
 * The files of the member's whisps, avatar and banner that are on disk. A file lost from the
 * media directory is left out (and out of whisps.json), so the archive never names a missing file.
 */
async function existingMediaKeys(db: Kysely<DatabaseSchema>, mediaDir: string, member: UserRow) {
  const { rows } = await sql<{ key: string }>`
    select distinct key from posts p cross join lateral unnest(p.media_keys) as key
    where p.author_id = ${member.id}
    order by key
  `.execute(db);
  const keys = [...rows.map((row) => row.key), member.avatar_key, member.banner_key];
  const present = new Set<string>();
  for (const key of keys) {
    if (!key || present.has(key)) continue;
    const found = await stat(mediaFileIn(mediaDir, key)).then(
      (file) => file.isFile(),
      () => false,
    );
    if (found) present.add(key);
  }
  return present;
}

interface WhispRow {
  cursor_at: string;
  cursor_id: string;
  content: string;
  created_at: Date;
  updated_at: Date;
  is_reply: boolean;
  reply_to_id: string | null;
  reply_to_username: string | null;
  rewhisp_of_id: string | null;
  rewhisp_of_username: string | null;
  media_keys: string[];
  media_alts: (string | null)[];
  can_reply: 'everyone' | 'followers' | 'none';
  can_repost: boolean;
}

function whispRows(db: Kysely<DatabaseSchema>, userId: string) {
  return pagedRows(
    db,
    (after: PageCursor | null) => sql<WhispRow>`
      select p.id::text as cursor_id, p.created_at::text as cursor_at, p.content, p.created_at,
             p.updated_at, p.is_reply, p.reply_to_id, reply_author.username as reply_to_username,
             p.rewhisp_of_id, original_author.username as rewhisp_of_username, p.media_keys,
             p.media_alts, p.can_reply, p.can_repost
      from posts p
      left join posts parent on parent.id = p.reply_to_id
      left join users reply_author on reply_author.id = parent.author_id
      left join posts original on original.id = p.rewhisp_of_id
      left join users original_author on original_author.id = original.author_id
      where p.author_id = ${userId}
        ${after ? sql`and (p.created_at, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by p.created_at, p.id
      limit ${EXPORT_PAGE_SIZE}
    `,
  );
}

function toWhisp(row: WhispRow, mediaKeys: Set<string>): AccountArchiveWhisp {
  const media = row.media_keys.flatMap((key, index) =>
    mediaKeys.has(key) ? [{ path: archiveMediaPath(key), alt: row.media_alts[index] ?? null }] : [],
  );
  return {
    id: row.cursor_id,
    content: row.content,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    is_reply: row.is_reply,
    reply_to: row.reply_to_id
      ? { id: row.reply_to_id, author_username: row.reply_to_username }
      : null,
    rewhisp_of: row.rewhisp_of_id
      ? { id: row.rewhisp_of_id, author_username: row.rewhisp_of_username }
      : null,
    media,
    reply_settings: { can_reply: row.can_reply, can_repost: row.can_repost },
  };
}
