import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isMastodonId } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import { hiddenMembers } from './visibility.js';

// Whisp's conversations and messages as the Mastodon client API (1.2) reads them: a conversation
// with its newest message (its `last_status`), paged by that message's Mastodon id as Mastodon
// pages conversations, and a message by its Mastodon id for GET /api/v1/statuses/{id}. Whisp's
// own rules stay those of conversations.ts and messages.ts: only participants, nothing of a
// member blocked either way or suspended. Sending and marking read go through messages.ts.

type Db = Kysely<DatabaseSchema>;

/** A message as a direct status is made from it (mastodon/direct.ts). */
export interface DirectMessageRecord {
  id: string;
  mastodon_id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  created_at: Date;
}

/** A conversation as the viewer sees it, with its newest message (none in one never written in). */
export interface MastodonConversationRecord {
  id: string;
  mastodon_id: string;
  other_id: string;
  unread: boolean;
  last: DirectMessageRecord | null;
}

interface Row {
  id: string;
  mastodon_id: string;
  other_id: string;
  unread: boolean;
  last_id: string | null;
  last_mastodon_id: string | null;
  sender_id: string | null;
  recipient_id: string | null;
  content: string | null;
  created_at: Date | string | null;
}

const toRecord = (row: Row): MastodonConversationRecord => ({
  id: row.id,
  mastodon_id: row.mastodon_id,
  other_id: row.other_id,
  unread: row.unread,
  last:
    row.last_id === null
      ? null
      : {
          id: row.last_id,
          mastodon_id: row.last_mastodon_id as string,
          conversation_id: row.id,
          sender_id: row.sender_id as string,
          recipient_id: row.recipient_id as string,
          content: row.content as string,
          created_at: new Date(row.created_at as Date | string),
        },
});

const MESSAGE_COLUMNS = sql`m.id, m.mastodon_id::text as mastodon_id, m.conversation_id,
  m.sender_id, m.recipient_id, m.content, m.created_at`;

export function createMastodonConversationsRepository(db: Db) {
  /**
   * The viewer's conversations that pass `where` (on `c`, `other` and `last`), newest message
   * first. `listed` keeps to the Mastodon list: a conversation with a message, and not removed
   * from it since its newest message.
   */
  async function select(
    viewerId: string,
    where: RawBuilder<unknown>,
    limit: number,
    listed: boolean,
  ) {
    const { rows } = await sql<Row>`
      select c.id, c.mastodon_id::text as mastodon_id, other.id as other_id,
        exists (select 1 from messages u where u.recipient_id = ${viewerId}::uuid
          and u.conversation_id = c.id and not u.is_read) as unread,
        last.id as last_id, last.mastodon_id::text as last_mastodon_id, last.sender_id,
        last.recipient_id, last.content, last.created_at
      from conversations c
      join users other on other.id = case when c.participant_one_id = ${viewerId}::uuid
        then c.participant_two_id else c.participant_one_id end
      ${listed ? sql`cross join lateral` : sql`left join lateral`} (
        select m.id, m.mastodon_id, m.sender_id, m.recipient_id, m.content, m.created_at
        from messages m where m.conversation_id = c.id
        order by m.mastodon_id desc limit 1
      ) last ${listed ? sql`` : sql`on true`}
      where (c.participant_one_id = ${viewerId}::uuid or c.participant_two_id = ${viewerId}::uuid)
        and other.id not in ${hiddenMembers(viewerId)}
        ${
          listed
            ? sql`and not exists (select 1 from mastodon_conversation_removals r
                where r.user_id = ${viewerId}::uuid and r.conversation_id = c.id
                  and r.removed_at >= last.created_at)`
            : sql``
        }
        and ${where}
      order by last.mastodon_id desc nulls last
      limit ${limitLiteral(limit)}
    `.execute(db);
    return rows.map(toRecord);
  }

  return {
    /** A page of the viewer's Mastodon conversations, those with an older last message than `before`. */
    page(viewerId: string, before: string | undefined, limit: number) {
      return select(
        viewerId,
        before === undefined ? sql`true` : sql`last.mastodon_id < ${before}::bigint`,
        limit,
        true,
      );
    },

    /** One conversation of the viewer's by its Mastodon id; undefined for anyone else. */
    async byMastodonId(viewerId: string, mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const [found] = await select(viewerId, sql`c.mastodon_id = ${mastodonId}::bigint`, 1, false);
      return found;
    },

    /** The same by Whisp's id (a live event names it through its message). */
    async byId(viewerId: string, id: string) {
      if (!isId(id)) return undefined;
      const [found] = await select(viewerId, sql`c.id = ${id}::uuid`, 1, false);
      return found;
    },

    /**
     * A message by its Mastodon id, to either member of its conversation; undefined for anyone
     * else and while the other member is blocked either way or suspended (as messages.ts).
     */
    async message(viewerId: string, mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const { rows } = await sql<DirectMessageRecord>`
        select ${MESSAGE_COLUMNS} from messages m
        where m.mastodon_id = ${mastodonId}::bigint
          and (m.sender_id = ${viewerId}::uuid or m.recipient_id = ${viewerId}::uuid)
          and (case when m.sender_id = ${viewerId}::uuid then m.recipient_id else m.sender_id end)
            not in ${hiddenMembers(viewerId)}
      `.execute(db);
      const [row] = rows;
      return row ? { ...row, created_at: new Date(row.created_at) } : undefined;
    },

    /** A message by Whisp's id, as `message` reads it (a live event names it so). */
    async messageById(viewerId: string, id: string) {
      if (!isId(id)) return undefined;
      const { rows } = await sql<DirectMessageRecord>`
        select ${MESSAGE_COLUMNS} from messages m
        where m.id = ${id}::uuid
          and (m.sender_id = ${viewerId}::uuid or m.recipient_id = ${viewerId}::uuid)
      `.execute(db);
      const [row] = rows;
      return row ? { ...row, created_at: new Date(row.created_at) } : undefined;
    },

    /** A member's Whisp id by username, in any case (the addressee of a direct status). */
    async memberIdByUsername(username: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        // A bare @name is a member of this server, never a remote namesake.
        .where('host', 'is', null)
        .executeTakeFirst();
      return row?.id;
    },

    /** Ids of the messages sent to the viewer in a conversation and not yet read by them. */
    async unreadMessageIds(viewerId: string, conversationId: string) {
      const rows = await db
        .selectFrom('messages')
        .select('id')
        .where('recipient_id', '=', viewerId)
        .where('conversation_id', '=', conversationId)
        .where('is_read', '=', FALSE)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Leaves the conversation out of the viewer's Mastodon list until a newer message. */
    async remove(viewerId: string, conversationId: string) {
      await db
        .insertInto('mastodon_conversation_removals')
        .values({ user_id: viewerId, conversation_id: conversationId })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'conversation_id']).doUpdateSet({ removed_at: sql`now()` }),
        )
        .execute();
    },
  };
}

export type MastodonConversationsRepository = ReturnType<
  typeof createMastodonConversationsRepository
>;
