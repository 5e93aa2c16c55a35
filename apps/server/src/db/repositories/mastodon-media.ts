import { type Kysely, sql } from 'kysely';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';

// A member's uploads (post_media rows) as the Mastodon client API (1.2) names them: by the
// Mastodon id 0028_mastodon_media_ids.sql gives each, and with the description a Mastodon app
// gives one before a status names it. Every statement is scoped to the uploader: another
// member's upload is not found, as if it did not exist.

type Db = Kysely<DatabaseSchema>;

const UPLOAD_COLUMNS = [
  'key',
  'kind',
  'animated',
  'width',
  'height',
  'preview_key',
  'blurhash',
  'description',
] as const;

/** Ids that cannot be a Mastodon id find nothing rather than fail the cast. */
const mastodonIds = (ids: readonly string[]) =>
  [...new Set(ids)].filter(isMastodonId).map((id) => sql<string>`${id}::bigint`);

export function createMastodonMediaRepository(db: Db) {
  return {
    /** The member's upload of this file, its description set: what the upload answers. */
    async describeUpload(userId: string, key: string, description: string | null) {
      return db
        .updateTable('post_media')
        .set({ description })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .returning([mastodonIdText('post_media'), ...UPLOAD_COLUMNS])
        .executeTakeFirst();
    },

    /** The member's upload a Mastodon id names; undefined for none, or another member's. */
    async find(userId: string, mastodonId: string) {
      const [id] = mastodonIds([mastodonId]);
      if (!id) return undefined;
      return db
        .selectFrom('post_media')
        .select([mastodonIdText('post_media'), ...UPLOAD_COLUMNS])
        .where('mastodon_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Sets the description of the member's upload a Mastodon id names; undefined as `find`. */
    async describe(userId: string, mastodonId: string, description: string | null) {
      const [id] = mastodonIds([mastodonId]);
      if (!id) return undefined;
      return db
        .updateTable('post_media')
        .set({ description })
        .where('mastodon_id', '=', id)
        .where('user_id', '=', userId)
        .returning([mastodonIdText('post_media'), ...UPLOAD_COLUMNS])
        .executeTakeFirst();
    },

    /** The member's uploads these Mastodon ids name (one statement), by Mastodon id. */
    async named(userId: string, ids: readonly string[]) {
      const wanted = mastodonIds(ids);
      if (wanted.length === 0)
        return new Map<string, { key: string; description: string | null }>();
      const rows = await db
        .selectFrom('post_media')
        .select([mastodonIdText('post_media'), 'key', 'description'])
        .where('mastodon_id', 'in', wanted)
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map(({ mastodon_id, ...upload }) => [mastodon_id, upload]));
    },

    /**
     * Deletes the member's upload a Mastodon id names, unless a whisp or a scheduled whisp of
     * theirs shows it (a whisp needs its upload's row, and a scheduled whisp's uploads are kept
     * for it until it is published). Its files are recorded in media_removals in the same
     * transaction, to go once it has committed and nothing else names them (another member may
     * have uploaded the same bytes): finishMediaRemovals. Undefined when there is no such upload.
     */
    async deleteUnattached(userId: string, mastodonId: string) {
      const [id] = mastodonIds([mastodonId]);
      if (!id) return undefined;
      return db.transaction().execute(async (transaction) => {
        // Locked, so two deletions of one upload record its files once.
        const upload = await transaction
          .selectFrom('post_media')
          .select(['key', 'preview_key'])
          .where('mastodon_id', '=', id)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!upload) return undefined;
        const { rows } = await sql<{ used: boolean }>`
          select exists (
            select 1 from posts where author_id = ${userId} and ${upload.key} = any(media_keys)
          ) or exists (
            select 1 from scheduled_posts
            where author_id = ${userId} and ${upload.key} = any(media_keys)
          ) as used
        `.execute(transaction);
        if (rows[0]?.used) return 'in use' as const;
        const keys = upload.preview_key ? [upload.key, upload.preview_key] : [upload.key];
        await sql`
          insert into media_removals (key) select unnest(${keys}::text[])
          on conflict (key) do nothing
        `.execute(transaction);
        await transaction
          .deleteFrom('post_media')
          .where('user_id', '=', userId)
          .where('key', '=', upload.key)
          .execute();
        return 'deleted' as const;
      });
    },
  };
}

export type MastodonMediaRepository = ReturnType<typeof createMastodonMediaRepository>;

/** An upload as these statements read it. */
export type MastodonUploadRow = NonNullable<Awaited<ReturnType<MastodonMediaRepository['find']>>>;
