import type { Actor, Image } from '@fedify/fedify/vocab';
import { AVATAR_MAX_BYTES, BANNER_MAX_BYTES } from '@whisp/api-client/contract';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import {
  AVATAR_SIZE,
  BANNER_SIZE,
  type DisplaySize,
  sniffImageType,
  toDisplayImage,
  UnreadableImageError,
} from '../media/images.js';
import { RemoteFileRefused } from '../media/remote-files.js';
import { EMBEDDED_ONLY, type RemoteMedia } from './remote-media.js';

interface ProfileImageSlot {
  column: 'avatar_key' | 'banner_key';
  /** Where the current file came from: it is downloaded again only when the actor names another. */
  source: 'remote_avatar_url' | 'remote_banner_url';
  maxBytes: number;
  size: DisplaySize;
  /** The row's columns for the file `key` downloaded from `url` (both null: no picture). */
  columns(key: string | null, url: string | null): Updateable<UsersTable>;
  /** The actor's `icon` or `image`. */
  read(actor: Actor): Promise<{ image: Image | null; id: URL | null }>;
}

// The same sizes and limits as a member's own avatar and banner (routes/users/images.ts).
const slots: ProfileImageSlot[] = [
  {
    column: 'avatar_key',
    source: 'remote_avatar_url',
    maxBytes: AVATAR_MAX_BYTES,
    size: AVATAR_SIZE,
    columns: (key, url) => ({ avatar_key: key, remote_avatar_url: url }),
    read: async (actor) => ({ image: await actor.getIcon(EMBEDDED_ONLY), id: actor.iconId }),
  },
  {
    column: 'banner_key',
    source: 'remote_banner_url',
    maxBytes: BANNER_MAX_BYTES,
    size: BANNER_SIZE,
    columns: (key, url) => ({ banner_key: key, remote_banner_url: url }),
    read: async (actor) => ({ image: await actor.getImage(EMBEDDED_ONLY), id: actor.imageId }),
  },
];

/** The picture's file: the Image's `url`, or the property itself when it names a file directly. */
async function fileUrlOf(slot: ProfileImageSlot, actor: Actor): Promise<URL | null> {
  const { image, id } = await slot.read(actor);
  const url = image?.url ?? null;
  const file = url instanceof URL ? url : (url?.href ?? (image ? null : id));
  return file && (file.protocol === 'https:' || file.protocol === 'http:') ? file : null;
}

/**
 * A remote member's avatar and banner, downloaded and made as a member's own are (cropped, WebP,
 * nothing but pixels) when their actor names a file other than the one they have; a picture the
 * actor no longer names is removed. When a download fails the current picture stays, and the
 * next read of the actor tries again.
 */
export async function refreshProfileImages(media: RemoteMedia, memberId: string, actor: Actor) {
  if (!media.enabled) return;
  const current = await media.db
    .selectFrom('users')
    .select(['avatar_key', 'banner_key', 'remote_avatar_url', 'remote_banner_url'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!current) return;
  for (const slot of slots) {
    const url = await fileUrlOf(slot, actor);
    if ((url?.href ?? null) === current[slot.source]) continue;
    const key = url ? await downloadProfileImage(media, slot, url) : null;
    if (url && !key) continue;
    await media.db
      .updateTable('users')
      .set(slot.columns(key, url?.href ?? null))
      .where('id', '=', memberId)
      .execute();
    const previous = current[slot.column];
    if (previous && previous !== key) await media.removeUnused([previous]);
  }
}

async function downloadProfileImage(media: RemoteMedia, slot: ProfileImageSlot, url: URL) {
  const temporary = media.temporaryFiles();
  try {
    const file = await media.download(
      url,
      (head) => (sniffImageType(head) ? slot.maxBytes : undefined),
      temporary,
    );
    const type = file && sniffImageType(file.head);
    if (!file || !type) return null;
    const image = await toDisplayImage(file.path, type, slot.size);
    await media.storage.put(image.key, image.bytes);
    return image.key;
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    media.skipped(url, new RemoteFileRefused(`an unreadable picture: ${error.message}`));
    return null;
  } finally {
    await temporary.removeAll();
  }
}
