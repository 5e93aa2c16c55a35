import { parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import type { Kysely } from 'kysely';
import { createRepositories } from '../db/repositories/index.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { MediaStorage } from '../media/storage.js';
import type { DemoPerson } from './people.js';
import { renderAvatar, renderingFrugally } from './pictures.js';
import type { Random } from './random.js';
import { DEMO_PRIVATE_SIGN_IN } from './sign-in.js';

interface Person {
  id: string;
  username: string;
}

export interface DemoPrivacy {
  /** Waiting for the private member's answer. */
  followRequests: number;
}

/** The demo's private member: a lock on their profile, and a sign-in of their own. */
export const DEMO_PRIVATE_PERSON: DemoPerson = {
  username: 'ines_v',
  displayName: 'Inès Vasseur',
  bio: 'Sketchbook pages and half-finished thoughts. Friends only for now.',
  topics: ['art', 'sketching'],
};

const PRIVATE_WHISPS = [
  'First page of the new sketchbook: the view from the kitchen window, in pencil. #sketching',
  'Tried ink wash for the first time. Too much water, lovely accident. #art',
  'Keeping this account small while I find my style. Thanks for being here.',
];

/**
 * Privacy (1.2) on first look: a private member with a few whisps, an accepted follower who
 * reads them, and a follow request waiting in their list (and notifications). The demo member
 * neither follows nor asked to, so their profile shows the lock and the protected notice; the
 * private member signs in with DEMO_PRIVATE_SIGN_IN to answer the request. Written through the
 * repositories the routes use; it runs last and changes nothing the earlier steps drew at random.
 */
export async function fillDemoPrivacy(
  db: Kysely<DatabaseSchema>,
  storage: MediaStorage,
  random: Random,
  { community, passwordHash }: { community: Person[]; passwordHash: string },
): Promise<DemoPrivacy> {
  const { follows, posts } = createRepositories(db);
  const person = DEMO_PRIVATE_PERSON;
  const avatar = await renderingFrugally(() => renderAvatar(storage, person.displayName, random));
  const member = await db
    .insertInto('users')
    .values({
      username: person.username,
      email: DEMO_PRIVATE_SIGN_IN.email,
      password_hash: passwordHash,
      display_name: person.displayName,
      bio: person.bio,
      avatar_key: avatar,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The follower came before the lock: a follow, as it was then. The request came after it.
  const [follower, requester] = random.sample(community, 2) as [Person, Person];
  await follows.follow(follower.id, member.id);
  await follows.requests.setPrivate(member.id, true);
  for (const content of PRIVATE_WHISPS) {
    await posts.create({
      authorId: member.id,
      content,
      mediaKeys: [],
      mediaAlts: [],
      hashtags: parseHashtags(content),
      mentionCandidates: parseMentionCandidates(content),
    });
  }
  const requested = await follows.follow(requester.id, member.id);
  return { followRequests: requested.is_requested ? 1 : 0 };
}
