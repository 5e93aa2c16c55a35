import { parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { MediaStorage } from '../media/storage.js';
import { fillDemoComposer } from './composer.js';
import { fillDemoInbox } from './inbox.js';
import { fillDemoModeration } from './moderation.js';
import { DEMO_PEOPLE, DEMO_VISITOR, type DemoPerson } from './people.js';
import {
  type DemoPicture,
  renderAnimation,
  renderAvatar,
  renderingFrugally,
  renderLandscape,
} from './pictures.js';
import { fillDemoPrivacy } from './privacy.js';
import { createRandom, type Random } from './random.js';
import {
  DEMO_MODERATOR_SIGN_IN,
  DEMO_PRIVATE_SIGN_IN,
  DEMO_SIGN_IN,
  type DemoSummary,
} from './sign-in.js';
import {
  GENERAL_LINES,
  MENTION_LINES,
  REPLY_LINES,
  REWHISP_COMMENTS,
  TOPIC_LINES,
} from './words.js';

export { DEMO_MODERATOR_SIGN_IN, DEMO_PRIVATE_SIGN_IN, DEMO_SIGN_IN, type DemoSummary };

const SEED = 20_261_123;
const ORIGINAL_WHISPS = 320;
const REPLIES = 160;
const REWHISPS = 70;
const LANDSCAPES = 12;
const HOUR_MS = 3_600_000;
const SPAN_MS = 14 * 24 * HOUR_MS;
// Multi-row inserts stay well under PostgreSQL's 65,535 parameters per statement.
const CHUNK = 500;

interface Member extends DemoPerson {
  id: string;
}

interface PostPlan {
  id: string;
  author: Member;
  createdAt: Date;
}

async function insertChunks<Table extends keyof DatabaseSchema>(
  transaction: Transaction<DatabaseSchema>,
  table: Table,
  rows: Insertable<DatabaseSchema[Table]>[],
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    // Kysely cannot narrow a generic table's row type; the signature above already checked it.
    const chunk = rows.slice(start, start + CHUNK) as Parameters<
      ReturnType<typeof transaction.insertInto<Table>>['values']
    >[0];
    await transaction.insertInto(table).values(chunk).execute();
  }
}

function whispText(random: Random, author: Member, others: Member[]) {
  const topic = random.pick(author.topics);
  const lines = TOPIC_LINES[topic];
  let text = lines && random.chance(0.75) ? random.pick(lines) : random.pick(GENERAL_LINES);
  if (random.chance(0.85)) text += ` #${topic}`;
  if (random.chance(0.2)) text += ` #${random.pick(author.topics)}`;
  if (random.chance(0.15)) {
    text = `${random.pick(MENTION_LINES).replace('{name}', random.pick(others).username)} ${text}`;
  }
  return text;
}

const before = (date: Date, now: number) => new Date(Math.min(date.getTime(), now - 60_000));

/**
 * Loads a believable community in one transaction with set-based inserts: members with
 * avatars, follows, whisps with hashtags, mentions and pictures, replies, rewhisps and likes.
 * Counters are kept by the database's triggers, exactly as for requests. Then the demo member's
 * inbox (inbox.ts): notifications of every kind and two conversations, written as requests would;
 * moderation, Composer (1.2) and a private member (privacy.ts) last.
 */
export async function loadDemoNetwork(
  db: Kysely<DatabaseSchema>,
  storage: MediaStorage,
  { passwordHashMemoryMiB, now = Date.now() }: { passwordHashMemoryMiB: number; now?: number },
): Promise<DemoSummary> {
  const started = performance.now();
  const random = createRandom(SEED);
  // Every demo member shares one password hash: hashing is deliberately slow, once is enough.
  const passwordHash = await hashPassword(DEMO_SIGN_IN.password, passwordHashMemoryMiB);

  const people = [DEMO_VISITOR, ...DEMO_PEOPLE];
  const members: Member[] = people.map((person) => ({ ...person, id: random.uuid() }));
  const [visitor, ...community] = members as [Member, ...Member[]];
  // One picture at a time, on one libvips thread and without its cache: the memory each thread's
  // allocator takes for drawing stays with the process afterwards (BENCHMARKS.md, "Memory").
  const { avatars, landscapes, animation } = await renderingFrugally(async () => {
    const drawn = {
      avatars: [] as string[],
      landscapes: [] as DemoPicture[],
      animation: await renderAnimation(storage),
    };
    for (const member of members) {
      drawn.avatars.push(await renderAvatar(storage, member.displayName, random));
    }
    for (let index = 0; index < LANDSCAPES; index += 1) {
      drawn.landscapes.push(await renderLandscape(storage, random));
    }
    return drawn;
  });

  const users = members.map((member, index) => ({
    id: member.id,
    username: member.username,
    email: member === visitor ? DEMO_SIGN_IN.email : `${member.username}@example.com`,
    password_hash: passwordHash,
    display_name: member.displayName,
    bio: member.bio,
    avatar_key: avatars[index] ?? null,
    is_verified: member.verified ?? false,
  }));

  const follows = new Map<string, { follower_id: string; followed_id: string }>();
  const follow = (follower: Member, followed: Member) => {
    if (follower.id !== followed.id) {
      follows.set(`${follower.id}:${followed.id}`, {
        follower_id: follower.id,
        followed_id: followed.id,
      });
    }
  };
  for (const member of community) {
    for (const other of random.sample(community, random.int(6, 18))) follow(member, other);
  }
  for (const other of random.sample(community, 14)) follow(visitor, other);
  for (const other of random.sample(community, 6)) follow(other, visitor);

  const posts: Insertable<DatabaseSchema['posts']>[] = [];
  const plans: PostPlan[] = [];
  const media: Insertable<DatabaseSchema['post_media']>[] = [];
  const usernames = new Set(members.map((member) => member.username.toLowerCase()));
  const mentionsIn = (text: string) =>
    parseMentionCandidates(text).filter((name) => usernames.has(name.toLowerCase()));

  for (let index = 0; index < ORIGINAL_WHISPS; index += 1) {
    const author = index < 3 ? visitor : random.pick(community);
    const content = whispText(random, author, members);
    // Older whisps are rarer: squaring the spread packs most into the last few days.
    const createdAt = new Date(now - random.next() ** 2 * SPAN_MS - 5 * 60_000);
    const picture = author !== visitor && random.chance(0.06) ? random.pick(landscapes) : null;
    if (picture)
      media.push({ user_id: author.id, key: picture.key, kind: 'image', ...picture.details });
    const id = random.uuid();
    posts.push({
      id,
      author_id: author.id,
      content,
      media_keys: picture ? [picture.key] : [],
      hashtags: parseHashtags(content),
      mentions: mentionsIn(content),
      can_reply: random.chance(0.05) ? 'followers' : 'everyone',
      created_at: createdAt,
      updated_at: createdAt,
    });
    plans.push({ id, author, createdAt });
  }
  {
    // One animated picture, recent enough to be on the first page of the public feed.
    const author = community[0] as Member;
    const content = 'Tried my hand at a tiny animation: sunrise over the hills, on a loop. #art';
    const createdAt = new Date(now - 40 * 60_000);
    const id = random.uuid();
    media.push({ user_id: author.id, key: animation.key, kind: 'image', ...animation.details });
    posts.push({
      id,
      author_id: author.id,
      content,
      media_keys: [animation.key],
      media_alts: ['A sun rising over dark hills into an orange sky, again and again'],
      hashtags: parseHashtags(content),
      mentions: [],
      created_at: createdAt,
      updated_at: createdAt,
    });
    plans.push({ id, author, createdAt });
  }

  const replies: Insertable<DatabaseSchema['posts']>[] = [];
  for (let index = 0; index < REPLIES; index += 1) {
    const parent = random.pick(plans.slice(0, 120));
    const author = random.pick(community.filter((member) => member !== parent.author));
    const content = random.chance(0.3)
      ? `@${parent.author.username} ${random.pick(REPLY_LINES)}`
      : random.pick(REPLY_LINES);
    const createdAt = before(
      new Date(parent.createdAt.getTime() + random.int(2, 600) * 60_000),
      now,
    );
    replies.push({
      id: random.uuid(),
      author_id: author.id,
      content,
      hashtags: [],
      mentions: mentionsIn(content),
      is_reply: true,
      reply_to_id: parent.id,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  const rewhisps = new Map<string, Insertable<DatabaseSchema['posts']>>();
  for (let index = 0; index < REWHISPS; index += 1) {
    const original = random.pick(plans);
    const author = random.pick(community);
    if (author === original.author) continue;
    const content = random.chance(0.3) ? random.pick(REWHISP_COMMENTS) : '';
    const createdAt = before(
      new Date(original.createdAt.getTime() + random.int(10, 1_440) * 60_000),
      now,
    );
    rewhisps.set(`${author.id}:${original.id}`, {
      id: random.uuid(),
      author_id: author.id,
      content,
      rewhisp_of_id: original.id,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  const likes: { user_id: string; post_id: string; created_at: Date }[] = [];
  for (const plan of plans) {
    // Most whisps get a few likes, some take off.
    const count = random.chance(0.12) ? random.int(10, 28) : random.int(0, 7);
    for (const liker of random.sample(members, count)) {
      likes.push({
        user_id: liker.id,
        post_id: plan.id,
        created_at: before(new Date(plan.createdAt.getTime() + random.int(1, 900) * 60_000), now),
      });
    }
  }
  const bookmarks = random
    .sample(
      plans.filter((plan) => plan.author !== visitor),
      6,
    )
    .map((plan) => ({ user_id: visitor.id, post_id: plan.id }));

  await db.transaction().execute(async (transaction) => {
    await insertChunks(transaction, 'users', users);
    await insertChunks(transaction, 'follows', [...follows.values()]);
    await insertChunks(
      transaction,
      'post_media',
      media.filter(
        (row, index) =>
          media.findIndex((other) => other.user_id === row.user_id && other.key === row.key) ===
          index,
      ),
    );
    await insertChunks(transaction, 'posts', posts);
    await insertChunks(transaction, 'posts', [...replies, ...rewhisps.values()]);
    await insertChunks(transaction, 'likes', likes);
    await insertChunks(transaction, 'bookmarks', bookmarks);
    await transaction
      .insertInto('app_meta')
      .values({ key: 'demo_network', value: `seed ${SEED}` })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  });
  const inbox = await fillDemoInbox(db, random, { visitor, community, now });
  const moderation = await fillDemoModeration(db, random, {
    visitor,
    community,
    whisps: plans,
    passwordHash,
    now,
  });

  const composer = await fillDemoComposer(db, random, { visitor, community });
  const privacy = await fillDemoPrivacy(db, storage, random, { community, passwordHash });

  return {
    // The demo member and the community, then the moderator and the private member.
    members: users.length + 2,
    whisps: posts.length,
    replies: replies.length,
    rewhisps: rewhisps.size,
    likes: likes.length,
    follows: follows.size,
    images: media.length,
    bookmarks: bookmarks.length,
    ...inbox,
    ...moderation,
    ...composer,
    ...privacy,
    milliseconds: Math.round(performance.now() - started),
  };
}
