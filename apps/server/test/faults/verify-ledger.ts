import type { Database } from '../../src/db/database.js';
import type { Ledger } from './write-load.js';

/** Every acknowledged write the database does not hold, one line each (empty when none is lost). */
export async function findLostWrites(database: Database, ledger: Ledger): Promise<string[]> {
  const db = database.kysely;
  const lost: string[] = [];

  const postIds = [...ledger.posts.keys()];
  const posts = postIds.length
    ? await db
        .selectFrom('posts')
        .select(['id', 'author_id', 'content', 'reply_to_id'])
        .where('id', 'in', postIds)
        .execute()
    : [];
  const storedPosts = new Map(posts.map((row) => [row.id, row]));
  for (const [id, written] of ledger.posts) {
    const stored = storedPosts.get(id);
    if (
      stored?.author_id !== written.authorId ||
      stored.content !== written.content ||
      stored.reply_to_id !== written.replyToId
    ) {
      lost.push(`whisp ${id} (${JSON.stringify(written)}): stored as ${JSON.stringify(stored)}`);
    }
  }

  const messageIds = [...ledger.messages.keys()];
  const messages = messageIds.length
    ? await db
        .selectFrom('messages')
        .select(['id', 'sender_id', 'recipient_id', 'content'])
        .where('id', 'in', messageIds)
        .execute()
    : [];
  const storedMessages = new Map(messages.map((row) => [row.id, row]));
  for (const [id, written] of ledger.messages) {
    const stored = storedMessages.get(id);
    if (
      stored?.sender_id !== written.senderId ||
      stored.recipient_id !== written.recipientId ||
      stored.content !== written.content
    ) {
      lost.push(`message ${id} (${JSON.stringify(written)}): stored as ${JSON.stringify(stored)}`);
    }
  }

  const likes = new Set(
    (await db.selectFrom('likes').select(['user_id', 'post_id']).execute()).map(
      (row) => `${row.user_id}:${row.post_id}`,
    ),
  );
  const rewhisps = new Set(
    (
      await db
        .selectFrom('posts')
        .select(['author_id', 'rewhisp_of_id'])
        .where('rewhisp_of_id', 'is not', null)
        .execute()
    ).map((row) => `${row.author_id}:${row.rewhisp_of_id}`),
  );
  const follows = new Set(
    (await db.selectFrom('follows').select(['follower_id', 'followed_id']).execute()).map(
      (row) => `${row.follower_id}:${row.followed_id}`,
    ),
  );
  const states = [
    ['like', ledger.likes, likes],
    ['rewhisp', ledger.rewhisps, rewhisps],
    ['follow', ledger.follows, follows],
  ] as const;
  for (const [kind, expected, stored] of states) {
    for (const [key, on] of expected) {
      if (ledger.unanswered.has(`${kind}:${key}`)) continue;
      if (stored.has(key) !== on) {
        lost.push(`${kind} ${key}: acknowledged ${on ? 'on' : 'off'}, stored ${on ? 'off' : 'on'}`);
      }
    }
  }
  return lost;
}
