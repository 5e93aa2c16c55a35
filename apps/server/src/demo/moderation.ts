import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { Random } from './random.js';
import { DEMO_MODERATOR_SIGN_IN } from './sign-in.js';

interface Person {
  id: string;
  username: string;
}

interface Whisp {
  id: string;
  author: Person;
  createdAt: Date;
}

export interface DemoModeration {
  openReports: number;
}

/** The demo member's muted word: it appears in a few demo whisps, which their feeds then leave out. */
export const DEMO_MUTED_WORD = 'timezone';

const WHISP_REPORTS = [
  { reason: 'spam', details: 'Same message posted under every popular whisp today.' },
  { reason: 'misinformation', details: null },
  { reason: 'harassment', details: 'Keeps replying to me after I asked them to stop.' },
] as const;

const PROFILE_REPORT = {
  reason: 'spam',
  details: 'Looks like a bot: follows hundreds of people an hour and never posts.',
} as const;

/**
 * What the moderation screens and the safety settings show on first look: a moderator to sign in
 * as (printed with the demo sign-in), open reports of whisps and of a profile, with reasons and
 * details, and a muted word for the demo member.
 */
export async function fillDemoModeration(
  db: Kysely<DatabaseSchema>,
  random: Random,
  options: {
    visitor: Person;
    community: Person[];
    whisps: Whisp[];
    passwordHash: string;
    now: number;
  },
): Promise<DemoModeration> {
  const { visitor, community, whisps, passwordHash, now } = options;
  const reported = random.sample(
    whisps.filter((whisp) => whisp.author.id !== visitor.id),
    WHISP_REPORTS.length,
  );
  const [profile] = random.sample(
    community.filter((member) => !reported.some((whisp) => whisp.author.id === member.id)),
    1,
  );
  const reporterOf = (author: Person) =>
    random.pick([visitor, ...community].filter((member) => member.id !== author.id));
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

  const reports = [
    ...reported.flatMap((whisp, index) => {
      const { reason, details } = WHISP_REPORTS[index] ?? WHISP_REPORTS[0];
      return {
        reporter_id: reporterOf(whisp.author).id,
        target_type: 'post' as const,
        post_id: whisp.id,
        target_user_id: whisp.author.id,
        reason,
        details,
        created_at: minutesAgo(180 - index * 45),
      };
    }),
    ...(profile
      ? [
          {
            reporter_id: reporterOf(profile).id,
            target_type: 'user' as const,
            post_id: null,
            target_user_id: profile.id,
            ...PROFILE_REPORT,
            created_at: minutesAgo(30),
          },
        ]
      : []),
  ];

  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('users')
      .values({
        username: 'river_moderator',
        email: DEMO_MODERATOR_SIGN_IN.email,
        password_hash: passwordHash,
        display_name: 'River (moderator)',
        bio: 'Keeping the demo network kind. Sign in as me to see the moderation queue.',
        role: 'moderator',
      })
      .execute();
    if (reports.length > 0) await transaction.insertInto('reports').values(reports).execute();
    await transaction
      .insertInto('muted_words')
      .values({ user_id: visitor.id, word: DEMO_MUTED_WORD })
      .execute();
  });
  return { openReports: reports.length };
}
