import { parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { createRepositories } from '../db/repositories/index.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Random } from './random.js';
import { DEMO_CONVERSATIONS, MENTION_LINES, REPLY_LINES } from './words.js';

interface Person {
  id: string;
  username: string;
}

export interface DemoInbox {
  unreadNotifications: number;
  conversations: number;
}

/**
 * What happened to the demo member while they were away: likes, follows, a rewhisp, a reply and
 * a mention of their whisps, and two conversations, the newer one unread. Each goes through the
 * repository function its route calls, so the notifications, counters and conversation summaries
 * are written exactly as for requests. Runs after the bulk load, which writes no notifications.
 */
export async function fillDemoInbox(
  db: Kysely<DatabaseSchema>,
  random: Random,
  { visitor, community, now }: { visitor: Person; community: Person[]; now: number },
): Promise<DemoInbox> {
  const { follows, interactions, posts, messages, notifications } = createRepositories(db);
  const whisps = await db
    .selectFrom('posts')
    .select('id')
    .where('author_id', '=', visitor.id)
    .where('is_reply', '=', false)
    .where('rewhisp_of_id', 'is', null)
    .where('can_reply', '=', 'everyone')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const newest = whisps[0];
  if (!newest) throw new Error('The demo member needs a whisp of their own');
  const older = whisps[1] ?? newest;

  // Only members who have not done it yet: a like or follow that already exists notifies nobody.
  const without = async (done: Promise<{ id: string }[]>) => {
    const ids = new Set((await done).map((row) => row.id));
    return community.filter((member) => !ids.has(member.id));
  };
  const followers = await without(
    db
      .selectFrom('follows')
      .select('follower_id as id')
      .where('followed_id', '=', visitor.id)
      .execute(),
  );
  const likersOf = (postId: string) =>
    without(db.selectFrom('likes').select('user_id as id').where('post_id', '=', postId).execute());
  const rewhispers = await without(
    db
      .selectFrom('posts')
      .select('author_id as id')
      .where('rewhisp_of_id', '=', newest.id)
      .execute(),
  );

  const partners = random.sample(community, DEMO_CONVERSATIONS.length);
  const converse = async (index: number) => {
    const script = DEMO_CONVERSATIONS[index];
    const partner = partners[index];
    if (!script || !partner) return;
    let unanswered: string[] = [];
    for (const line of script.lines) {
      if (line.fromDemo) {
        // Answering a message means having read it.
        await messages.markRead(visitor.id, unanswered);
        unanswered = [];
        await messages.send(visitor.id, partner.id, line.text);
      } else {
        unanswered.push((await messages.send(partner.id, visitor.id, line.text)).id);
      }
    }
    if (!script.read) return;
    await messages.markRead(visitor.id, unanswered);
    for (const notification of await notifications.list(visitor.id, 100, undefined)) {
      if (notification.type === 'direct_message' && notification.actor_id === partner.id) {
        await notifications.markRead(visitor.id, notification.id);
      }
    }
  };
  const write = (author: Person, content: string, replyToId?: string) =>
    posts.create({
      authorId: author.id,
      content,
      mediaKeys: [],
      mediaAlts: [],
      hashtags: parseHashtags(content),
      mentionCandidates: parseMentionCandidates(content),
      replyToId,
    });

  // Oldest first: the read conversation, then a mix, the unread conversation among the newest.
  await converse(0);
  for (const member of random.sample(followers, 2)) await follows.follow(member.id, visitor.id);
  for (const member of random.sample(await likersOf(older.id), 2)) {
    await interactions.like(member.id, older.id);
  }
  for (const member of random.sample(rewhispers, 1)) {
    await interactions.rewhisp(member.id, newest.id, '', []);
  }
  await converse(1);
  await write(
    random.pick(community),
    random.pick(MENTION_LINES).replace('{name}', visitor.username),
  );
  for (const member of random.sample(await likersOf(newest.id), 2)) {
    await interactions.like(member.id, newest.id);
  }
  await write(random.pick(community), random.pick(REPLY_LINES), newest.id);
  await spreadOverTheLastHours(db, visitor.id, now);

  return {
    unreadNotifications: await notifications.unreadCount(visitor.id),
    conversations: DEMO_CONVERSATIONS.length,
  };
}

/**
 * The inbox was written within a second or two; a member coming back expects it spread over the
 * last hours ("5m", "1h", "3h"). Each write's transaction time becomes one step of 17 minutes back
 * from `now`, counted from the newest, so the order, and a notification's time against its
 * message's or whisp's, stay as written; the conversations' summaries follow their messages.
 */
async function spreadOverTheLastHours(db: Kysely<DatabaseSchema>, visitorId: string, now: number) {
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (transaction) => {
    await sql`
      create temporary table demo_inbox_times on commit drop as
      select written, ${at}::timestamptz - dense_rank() over (order by written desc)
               * interval '17 minutes' as shown
      from (
        select created_at as written from notifications where recipient_id = ${visitorId}
        union
        select created_at from messages where sender_id = ${visitorId} or recipient_id = ${visitorId}
      ) writes
    `.execute(transaction);
    for (const table of ['notifications', 'messages', 'posts'] as const) {
      await sql`
        update ${sql.table(table)} as target set created_at = times.shown
        from demo_inbox_times times where target.created_at = times.written
      `.execute(transaction);
    }
    await sql`
      update posts set updated_at = created_at
      where created_at in (select shown from demo_inbox_times)
    `.execute(transaction);
    await sql`
      update conversations c set last_message_at = newest.at
      from (select conversation_id, max(created_at) as at from messages group by conversation_id) newest
      where newest.conversation_id = c.id
        and ${visitorId}::uuid in (c.participant_one_id, c.participant_two_id)
    `.execute(transaction);
  });
}
