import {
  parseHashtags,
  parseMentionCandidates,
  SCHEDULED_POSTS_MAX,
} from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { createRepositories } from '../db/repositories/index.js';
import type { NewPost } from '../db/repositories/posts.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Random } from './random.js';

interface Person {
  id: string;
  username: string;
}

export interface DemoComposer {
  polls: number;
}

const DAY_SECONDS = 86_400;

/**
 * What Composer (1.2) brings, so a newcomer sees it on the first page: an open poll others voted
 * in (the demo member has not, so its tally is still hidden from them), a poll that has ended, a
 * whisp behind a content warning, a thread of replies to replies, a whisp edited twice and a whisp of the demo member's own, scheduled. Written
 * through the repositories the routes use, so counts, thread paths and notifications are as for
 * requests; it runs after the bulk load and changes nothing the earlier steps drew at random.
 */
export async function fillDemoComposer(
  db: Kysely<DatabaseSchema>,
  random: Random,
  { visitor, community }: { visitor: Person; community: Person[] },
): Promise<DemoComposer> {
  const { posts, polls, scheduledPosts } = createRepositories(db);
  const [pollster, storyteller, editor, ...others] = random.sample(community, 8) as [
    Person,
    Person,
    Person,
    ...Person[],
  ];
  const write = (author: Person, content: string, extra: Partial<NewPost> = {}) =>
    posts.create({
      authorId: author.id,
      content,
      mediaKeys: [],
      mediaAlts: [],
      hashtags: parseHashtags(content),
      mentionCandidates: parseMentionCandidates(content),
      ...extra,
    });
  const pollOf = async (postId: string) =>
    (
      await db
        .selectFrom('polls')
        .select('id')
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow()
    ).id;

  // Ended first, so the open poll is the newer whisp in the feeds.
  const ended = await write(
    pollster,
    'Settled it last week: the best time for a walk is… #photography',
    {
      poll: {
        options: ['Sunrise', 'Midday', 'Golden hour'],
        expires_in: DAY_SECONDS,
        multiple: false,
      },
    },
  );
  const endedPoll = await pollOf(ended.id);
  for (const voter of [...others, visitor]) {
    await polls.vote(endedPoll, voter.id, [random.int(0, 2)]);
  }
  // Over a day ago, and already announced: the demo starts with no poll job work pending.
  await db
    .updateTable('polls')
    .set({
      expires_at: sql<Date>`now() - interval '2 hours'`,
      ended_notified_at: sql<Date>`now() - interval '2 hours'`,
    })
    .where('id', '=', endedPoll)
    .execute();
  // A whisp's time is never rewritten by the application; the demo backdates this one.
  await sql`update posts set created_at = now() - interval '26 hours' where id = ${ended.id}`.execute(
    db,
  );

  const open = await write(
    pollster,
    'Planning the next meetup. Which evenings work for you? #coffee',
    {
      poll: {
        options: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        expires_in: 2 * DAY_SECONDS,
        multiple: true,
      },
    },
  );
  const openPoll = await pollOf(open.id);
  for (const voter of others) {
    const choices = random.sample([0, 1, 2, 3], random.int(1, 2)).sort();
    await polls.vote(openPoll, voter.id, choices);
  }

  await write(
    storyteller,
    'Finished the series last night and I need to talk about that finale. #books',
    {
      contentWarning: 'Spoilers for the last book',
    },
  );

  const root = await write(
    storyteller,
    'Sourdough starter: day 9. It finally smells like bread. #cooking',
  );
  let parent = root.id;
  for (const [index, line] of [
    'Day 9 is when mine turned too. What flour are you feeding it?',
    'Half rye, half white. The rye made all the difference.',
    'Stealing this. Mine has been sulking on white flour alone.',
  ].entries()) {
    const author = index % 2 === 0 ? (others[index] ?? visitor) : storyteller;
    parent = (await write(author, line, { replyToId: parent })).id;
  }

  const edited = await write(editor, 'The library opens at 9 on Saturdays now. #books');
  for (const content of [
    'The library opens at 10 on Saturdays now. #books',
    'The library opens at 10 on Saturdays now (9 on weekdays). #books',
  ]) {
    await posts.edit(edited.id, {
      content,
      contentWarning: null,
      hashtags: parseHashtags(content),
      mentionCandidates: [],
    });
  }

  // The demo member's own scheduled whisp, two days ahead: /scheduled is not empty on first look.
  await scheduledPosts.create(
    visitor.id,
    {
      scheduledAt: new Date(Date.now() + 2 * DAY_SECONDS * 1000),
      content:
        'Reminder for everyone: the photo walk starts at the old harbour at 10. #photography',
      contentWarning: null,
      mediaKeys: [],
      mediaAlts: [],
      poll: null,
      canReply: 'everyone',
      canRepost: true,
    },
    SCHEDULED_POSTS_MAX,
  );
  return { polls: 2 };
}
