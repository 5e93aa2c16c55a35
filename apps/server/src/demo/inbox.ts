import { parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import type { Kysely } from 'kysely';
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
  { visitor, community }: { visitor: Person; community: Person[] },
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

  for (const member of random.sample(followers, 2)) await follows.follow(member.id, visitor.id);
  for (const member of random.sample(await likersOf(older.id), 2)) {
    await interactions.like(member.id, older.id);
  }
  for (const member of random.sample(rewhispers, 1)) {
    await interactions.rewhisp(member.id, newest.id, '', []);
  }
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
  await write(random.pick(community), random.pick(REPLY_LINES), newest.id);
  await write(
    random.pick(community),
    random.pick(MENTION_LINES).replace('{name}', visitor.username),
  );
  for (const member of random.sample(await likersOf(newest.id), 3)) {
    await interactions.like(member.id, newest.id);
  }

  // The older conversation was read and answered; the newer one waits unread, so its message is
  // the newest notification.
  const partners = random.sample(community, DEMO_CONVERSATIONS.length);
  for (const [index, script] of DEMO_CONVERSATIONS.entries()) {
    const partner = partners[index] as Person;
    const received: string[] = [];
    for (const line of script.lines) {
      const [sender, recipient] = line.fromDemo ? [visitor, partner] : [partner, visitor];
      const message = await messages.send(sender.id, recipient.id, line.text);
      if (!line.fromDemo) received.push(message.id);
    }
    if (script.read) {
      await messages.markRead(visitor.id, received);
      const heard = await notifications.list(visitor.id, 100, undefined);
      for (const notification of heard) {
        if (notification.type === 'direct_message' && notification.actor_id === partner.id) {
          await notifications.markRead(visitor.id, notification.id);
        }
      }
    }
  }
  return {
    unreadNotifications: await notifications.unreadCount(visitor.id),
    conversations: DEMO_CONVERSATIONS.length,
  };
}
