import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import {
  type CursorRow,
  EXPORT_PAGE_SIZE,
  isoTime,
  jsonArray,
  mapRows,
  type PageCursor,
  pagedRows,
} from './json-stream.js';

// The export's lists. Other members appear by username only; of conversations, only what was
// said in them (what others sent the member included), as api.md's Export bullet allows.

type Db = Kysely<DatabaseSchema>;

const keyset = (after: PageCursor | null, at: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
  after ? sql`and (${at}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;

interface MemberRow extends CursorRow {
  username: string;
  created_at: Date;
}

/** The member list's table, whose column is the member, and whose column is the other one. */
const MEMBER_LISTS = {
  following: { table: 'follows', owner: 'follower_id', other: 'followed_id' },
  followers: { table: 'follows', owner: 'followed_id', other: 'follower_id' },
  blocks: { table: 'blocks', owner: 'blocker_id', other: 'blocked_id' },
  mutes: { table: 'mutes', owner: 'muter_id', other: 'muted_id' },
} as const;

/** following.json, followers.json, blocks.json, mutes.json: `[{ username, created_at }]`. */
export function memberListFile(db: Db, userId: string, list: keyof typeof MEMBER_LISTS) {
  const { table, owner, other } = MEMBER_LISTS[list];
  const rows = pagedRows(
    db,
    (after) => sql<MemberRow>`
      select u.username, r.created_at, r.created_at::text as cursor_at,
             ${sql.ref(`r.${other}`)}::text as cursor_id
      from ${sql.table(table)} r join users u on u.id = ${sql.ref(`r.${other}`)}
      where ${sql.ref(`r.${owner}`)} = ${userId}
        ${keyset(after, sql.ref('r.created_at'), sql.ref(`r.${other}`))}
      order by r.created_at, ${sql.ref(`r.${other}`)}
      limit ${EXPORT_PAGE_SIZE}
    `,
  );
  return jsonArray(
    mapRows(rows, (row) => ({ username: row.username, created_at: isoTime(row.created_at) })),
  );
}

interface PostReferenceRow extends CursorRow {
  post_id: string;
  author_username: string;
  created_at: Date;
}

/** likes.json and bookmarks.json: `[{ post_id, author_username, created_at }]`. */
export function postReferencesFile(db: Db, userId: string, list: 'likes' | 'bookmarks') {
  // Bookmarks have an id of their own; likes are keyed by the whisp.
  const id = list === 'likes' ? sql.ref('r.post_id') : sql.ref('r.id');
  const rows = pagedRows(
    db,
    (after) => sql<PostReferenceRow>`
      select r.post_id::text as post_id, u.username as author_username, r.created_at,
             r.created_at::text as cursor_at, ${id}::text as cursor_id
      from ${sql.table(list)} r
      join posts p on p.id = r.post_id
      join users u on u.id = p.author_id
      where r.user_id = ${userId} ${keyset(after, sql.ref('r.created_at'), id)}
      order by r.created_at, ${id}
      limit ${EXPORT_PAGE_SIZE}
    `,
  );
  return jsonArray(
    mapRows(rows, (row) => ({
      post_id: row.post_id,
      author_username: row.author_username,
      created_at: isoTime(row.created_at),
    })),
  );
}

interface MutedWordRow extends CursorRow {
  word: string;
  created_at: Date;
}

/** muted_words.json: `[{ word, created_at }]`. */
export function mutedWordsFile(db: Db, userId: string) {
  const rows = pagedRows(
    db,
    (after) => sql<MutedWordRow>`
      select w.word, w.created_at, w.created_at::text as cursor_at, w.id::text as cursor_id
      from muted_words w
      where w.user_id = ${userId} ${keyset(after, sql.ref('w.created_at'), sql.ref('w.id'))}
      order by w.created_at, w.id
      limit ${EXPORT_PAGE_SIZE}
    `,
  );
  return jsonArray(
    mapRows(rows, (row) => ({ word: row.word, created_at: isoTime(row.created_at) })),
  );
}

interface ConversationRow extends CursorRow {
  with_username: string;
}

interface MessageRow extends CursorRow {
  from_username: string;
  content: string;
  created_at: Date;
  is_read: boolean;
}

/**
 * messages.json: `[{ conversation_id, with_username, messages: [{ id, from_username, content,
 * created_at, is_read }] }]`, each conversation's messages oldest first, written page by page.
 */
export async function* conversationsFile(db: Db, userId: string): AsyncGenerator<Buffer> {
  const conversations = pagedRows(
    db,
    (after) => sql<ConversationRow>`
      select c.id::text as cursor_id, c.created_at::text as cursor_at, u.username as with_username
      from conversations c
      join users u on u.id = case when c.participant_one_id = ${userId}
                                  then c.participant_two_id else c.participant_one_id end
      where (c.participant_one_id = ${userId} or c.participant_two_id = ${userId})
        ${keyset(after, sql.ref('c.created_at'), sql.ref('c.id'))}
      order by c.created_at, c.id
      limit ${EXPORT_PAGE_SIZE}
    `,
  );
  yield Buffer.from('[');
  let first = true;
  for await (const conversation of conversations) {
    const head = JSON.stringify({
      conversation_id: conversation.cursor_id,
      with_username: conversation.with_username,
    });
    // The object without its closing brace, then the messages array, then the brace.
    yield Buffer.from(`${first ? '\n' : ',\n'}${head.slice(0, -1)},"messages":`);
    first = false;
    const messages = pagedRows(
      db,
      (after) => sql<MessageRow>`
        select m.id::text as cursor_id, m.created_at::text as cursor_at,
               sender.username as from_username, m.content, m.created_at,
               -- As the API shows them: one read with receipts off is unread to its sender.
               m.is_read and (m.recipient_id = ${userId} or not m.read_privately) as is_read
        from messages m join users sender on sender.id = m.sender_id
        where m.conversation_id = ${conversation.cursor_id}
          ${keyset(after, sql.ref('m.created_at'), sql.ref('m.id'))}
        order by m.created_at, m.id
        limit ${EXPORT_PAGE_SIZE}
      `,
    );
    yield* jsonArray(
      mapRows(messages, (row) => ({
        id: row.cursor_id,
        from_username: row.from_username,
        content: row.content,
        created_at: isoTime(row.created_at),
        is_read: row.is_read,
      })),
    );
    yield Buffer.from('}');
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}
