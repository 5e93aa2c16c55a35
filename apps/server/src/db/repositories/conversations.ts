import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { messagePermissionOf } from './message-permission.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import { hiddenMembers } from './visibility.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** The pair in the order it is stored, so one pair has one conversation whoever starts it. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** The conversation between two members, made on first use; safe when both start at once. */
export async function openConversation(db: Db, memberId: string, otherId: string) {
  const [one, two] = orderedPair(memberId, otherId);
  await db
    .insertInto('conversations')
    .values({ participant_one_id: one, participant_two_id: two })
    .onConflict((conflict) =>
      conflict.columns(['participant_one_id', 'participant_two_id']).doNothing(),
    )
    .execute();
  return db
    .selectFrom('conversations')
    .select('id')
    .where('participant_one_id', '=', one)
    .where('participant_two_id', '=', two)
    .executeTakeFirstOrThrow();
}

export type ConversationRow = Awaited<ReturnType<ConversationsRepository['list']>>[number];

export function createConversationsRepository(db: Kysely<DatabaseSchema>) {
  /**
   * Conversations as `viewerId` sees them: the other member, whether the viewer may write to
   * them, and the unread count are theirs.
   */
  const selectFor = (viewerId: string) =>
    db
      .selectFrom('conversations as c')
      .innerJoin('users as other', (join) =>
        join.on(
          sql<boolean>`other.id = case when c.participant_one_id = ${viewerId}::uuid then c.participant_two_id else c.participant_one_id end`,
        ),
      )
      .select([
        'c.id',
        'c.participant_one_id',
        'c.participant_two_id',
        'c.last_message',
        'c.last_message_at',
        'c.created_at',
        'other.id as other_id',
        'other.username as other_username',
        'other.display_name as other_display_name',
        'other.avatar_key as other_avatar_key',
      ])
      .select(messagePermissionOf(viewerId, 'other').as('other_message_permission'))
      .select((eb) =>
        eb
          .selectFrom('messages as m')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.recipient_id', '=', viewerId)
          .where('m.is_read', '=', FALSE)
          .as('unread_count'),
      )
      .where((eb) =>
        eb.or([
          eb('c.participant_one_id', '=', viewerId),
          eb('c.participant_two_id', '=', viewerId),
        ]),
      );

  return {
    async start(viewerId: string, otherId: string) {
      const { id } = await openConversation(db, viewerId, otherId);
      return selectFor(viewerId).where('c.id', '=', id).executeTakeFirstOrThrow();
    },

    /** Most recent activity first; none with a member blocked either way, or suspended. */
    list(viewerId: string, limit: number, offset: number) {
      return selectFor(viewerId)
        .where(sql<boolean>`other.id not in ${hiddenMembers(viewerId)}`)
        .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
        .orderBy('c.id', 'desc')
        .limit(limitLiteral(limit))
        .$if(offset > 0, (query) => query.offset(offset))
        .execute();
    },

    /**
     * The conversation when the viewer takes part in it; undefined for anyone else, and while
     * the other member is blocked either way or suspended.
     */
    findForParticipant(viewerId: string, id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return db
        .selectFrom('conversations')
        .select(['id', 'participant_one_id', 'participant_two_id'])
        .where('id', '=', id)
        .where(
          sql<boolean>`(case when participant_one_id = ${viewerId}::uuid then participant_two_id
            else participant_one_id end) not in ${hiddenMembers(viewerId)}`,
        )
        .where((eb) =>
          eb.or([eb('participant_one_id', '=', viewerId), eb('participant_two_id', '=', viewerId)]),
        )
        .executeTakeFirst();
    },
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
