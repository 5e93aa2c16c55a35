import type { AccountArchiveMember } from '@whisp/api-client/contract';
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/**
 * Follows and mutes of the archive, for the members that exist here by username (any case).
 * Yourself, members already followed or muted, members missing here and members on either side
 * of a block are skipped, and so are private members for follows: they are followed only once
 * they accept (Privacy and preferences 1.2), and an archive is nobody's consent. Imported follows
 * notify nobody, as imported whisps do not.
 */
export async function addRelations(
  transaction: Transaction<DatabaseSchema>,
  userId: string,
  following: AccountArchiveMember[],
  mutes: AccountArchiveMember[],
) {
  const follows = await insertRelations(transaction, userId, following, 'follows');
  const muted = await insertRelations(transaction, userId, mutes, 'mutes');
  return {
    follows,
    skipped: following.length - follows + (mutes.length - muted),
  };
}

async function insertRelations(
  transaction: Transaction<DatabaseSchema>,
  userId: string,
  entries: AccountArchiveMember[],
  table: 'follows' | 'mutes',
) {
  if (entries.length === 0) return 0;
  const [owner, other] =
    table === 'follows' ? ['follower_id', 'followed_id'] : ['muter_id', 'muted_id'];
  const usernames = entries.map((entry) => entry.username.toLowerCase());
  const times = entries.map((entry) => entry.created_at);
  // One statement for the whole list; `distinct on` keeps one row per member named twice.
  const { rows } = await sql<{ id: string }>`
    insert into ${sql.table(table)} (${sql.ref(owner)}, ${sql.ref(other)}, created_at)
    select distinct on (u.id) ${userId}::uuid, u.id, entry.created_at
    from unnest(${usernames}::text[], ${times}::timestamptz[]) as entry(username, created_at)
    join users u on lower(u.username) = entry.username and u.host is null
    where u.id <> ${userId}::uuid
      ${table === 'follows' ? sql`and not u.is_private` : sql``}
      and not exists (
        select 1 from blocks b
        where (b.blocker_id = ${userId}::uuid and b.blocked_id = u.id)
           or (b.blocker_id = u.id and b.blocked_id = ${userId}::uuid)
      )
    order by u.id, entry.created_at
    on conflict do nothing
    returning ${sql.ref(other)} as id
  `.execute(transaction);
  return rows.length;
}
