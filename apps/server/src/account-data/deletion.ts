import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/**
 * Deletes a member in one transaction. Every row that names them goes by the schema's cascades
 * (sessions, whisps and the rewhisps, likes, bookmarks and notifications of those whisps, their
 * own likes, rewhisps, bookmarks, follows, blocks, mutes, muted words, notifications,
 * conversations and messages), and the counters follow their rows through the triggers that keep
 * them. The files they may have been the last to use are recorded in media_removals in the same
 * transaction, and removed once it has committed (finishMediaRemovals).
 *
 * Returns the members whose cached sign-in is now stale: the deleted member (their sessions are
 * gone) and everyone who followed them (their following count dropped).
 */
export async function deleteMember(db: Kysely<DatabaseSchema>, userId: string) {
  return db.transaction().execute(async (transaction) => {
    await sql`
      insert into media_removals (key)
      select key from post_media where user_id = ${userId}
      union
      select preview_key from post_media where user_id = ${userId} and preview_key is not null
      union
      select key from posts p cross join lateral unnest(p.media_keys) as key
        where p.author_id = ${userId}
      union
      select avatar_key from users where id = ${userId} and avatar_key is not null
      union
      select banner_key from users where id = ${userId} and banner_key is not null
      on conflict (key) do nothing
    `.execute(transaction);
    const { rows: followers } = await sql<{ id: string }>`
      select follower_id as id from follows where followed_id = ${userId}
    `.execute(transaction);
    await sql`delete from users where id = ${userId}`.execute(transaction);
    return [userId, ...followers.map((row) => row.id)];
  });
}
