import { MUTED_WORDS_MAX, normaliseMutedWord } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';
import { memberAddressColumns } from './member-address.js';
import { type MemberChanged, nothingCached } from './users.js';

type Db = Kysely<DatabaseSchema>;

const summaryColumns = [
  'users.id',
  'users.username',
  'users.display_name',
  'users.avatar_key',
  'users.is_verified',
  ...memberAddressColumns('users'),
] as const;

export class TooManyMutedWordsError extends Error {
  override name = 'TooManyMutedWordsError';
}

/** Block, mute and muted words (Safety 1.1), and what they mean for one viewer's reads. */
export function createSafetyRepository(
  db: Db,
  memberChanged: MemberChanged = nothingCached,
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  return {
    /**
     * Blocks, and ends the follows and follow requests both ways in the same transaction (the
     * count triggers drop both members' counts; their notifications go too). Idempotent.
     */
    async block(blockerId: string, blockedId: string) {
      await db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('blocks')
          .values({ blocker_id: blockerId, blocked_id: blockedId })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        await transaction
          .deleteFrom('follows')
          .where((eb) =>
            eb.or([
              eb.and([eb('follower_id', '=', blockerId), eb('followed_id', '=', blockedId)]),
              eb.and([eb('follower_id', '=', blockedId), eb('followed_id', '=', blockerId)]),
            ]),
          )
          .execute();
        await transaction
          .deleteFrom('follow_requests')
          .where((eb) =>
            eb.or([
              eb.and([eb('requester_id', '=', blockerId), eb('target_id', '=', blockedId)]),
              eb.and([eb('requester_id', '=', blockedId), eb('target_id', '=', blockerId)]),
            ]),
          )
          .execute();
        await transaction
          .deleteFrom('notifications')
          .where('type', 'in', ['follow', 'follow_request'])
          .where((eb) =>
            eb.or([
              eb.and([eb('actor_id', '=', blockerId), eb('recipient_id', '=', blockedId)]),
              eb.and([eb('actor_id', '=', blockedId), eb('recipient_id', '=', blockerId)]),
            ]),
          )
          .execute();
      });
      // Both cached sign-ins carry a follow count and visibility filters that just changed,
      // and are forgotten on every instance before the block is answered: the next read of
      // either member is filtered.
      await Promise.all([memberChanged(blockerId), memberChanged(blockedId)]);
      federatedChanges.report({ kind: 'blocked', blockerId, blockedId });
    },

    /** Visibility comes back; the follows the block ended do not. */
    async unblock(blockerId: string, blockedId: string) {
      await db
        .deleteFrom('blocks')
        .where('blocker_id', '=', blockerId)
        .where('blocked_id', '=', blockedId)
        .execute();
      // A filter left on would hide nothing more (it reads the blocks themselves), but the
      // members' reads go back to their plain plans.
      await Promise.all([memberChanged(blockerId), memberChanged(blockedId)]);
      federatedChanges.report({ kind: 'unblocked', blockerId, blockedId });
    },

    async mute(muterId: string, mutedId: string) {
      await db
        .insertInto('mutes')
        .values({ muter_id: muterId, muted_id: mutedId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      // The muter's cached sign-in carries their filters; the muted member's reads are as before.
      await memberChanged(muterId);
    },

    async unmute(muterId: string, mutedId: string) {
      await db
        .deleteFrom('mutes')
        .where('muter_id', '=', muterId)
        .where('muted_id', '=', mutedId)
        .execute();
      await memberChanged(muterId);
    },

    /** The members the viewer blocks, most recently blocked first (suspended ones left out). */
    blockedMembers(blockerId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blocked_id')
        .select(summaryColumns)
        .where('blocks.blocker_id', '=', blockerId)
        .where('users.suspended_at', 'is', null)
        .orderBy('blocks.created_at', 'desc')
        .orderBy('blocks.blocked_id')
        .execute();
    },

    mutedMembers(muterId: string) {
      return db
        .selectFrom('mutes')
        .innerJoin('users', 'users.id', 'mutes.muted_id')
        .select(summaryColumns)
        .where('mutes.muter_id', '=', muterId)
        .where('users.suspended_at', 'is', null)
        .orderBy('mutes.created_at', 'desc')
        .orderBy('mutes.muted_id')
        .execute();
    },

    mutedWords(userId: string) {
      return db
        .selectFrom('muted_words')
        .select(['id', 'word', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Adds a word; the same word in any case gives back the one kept (`created` false). The
     * member's row is locked first, so two requests at once cannot both pass the limit.
     */
    async addMutedWord(userId: string, input: string) {
      const word = normaliseMutedWord(input);
      const outcome = await db.transaction().execute(async (transaction) => {
        await transaction
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .forUpdate()
          .execute();
        const same = await transaction
          .selectFrom('muted_words')
          .select(['id', 'word', 'created_at'])
          .where('user_id', '=', userId)
          .where(sql`lower(word)`, '=', word.toLowerCase())
          .executeTakeFirst();
        if (same) return { word: same, created: false };
        const { count } = await transaction
          .selectFrom('muted_words')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MUTED_WORDS_MAX) throw new TooManyMutedWordsError();
        const added = await transaction
          .insertInto('muted_words')
          .values({ user_id: userId, word })
          .returning(['id', 'word', 'created_at'])
          .executeTakeFirstOrThrow();
        return { word: added, created: true };
      });
      // Their cached sign-in carries whether they mute any word.
      if (outcome.created) await memberChanged(userId);
      return outcome;
    },

    /** False when the member has no such muted word. */
    async removeMutedWord(userId: string, id: string) {
      if (!isId(id)) return false;
      const removed = await db
        .deleteFrom('muted_words')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (removed) await memberChanged(userId);
      return removed !== undefined;
    },

    /**
     * How the viewer stands with these members: whether any is suspended (then they do not exist
     * for the viewer), whether a block stands between the viewer and any of them, and whether
     * any is a private member the viewer does not follow (their whisps are protected from them).
     */
    async standing(viewerId: string, memberIds: string[]) {
      const others = [...new Set(memberIds)].filter((id) => id !== viewerId && isId(id));
      if (others.length === 0) return { suspended: false, blocked: false, protected: false };
      const { rows } = await sql<{ suspended: boolean; blocked: boolean; protected: boolean }>`
        select
          exists (select 1 from users where id = any(${others}::uuid[])
            and suspended_at is not null) as suspended,
          exists (select 1 from blocks where blocker_id = ${viewerId}
              and blocked_id = any(${others}::uuid[]))
            or exists (select 1 from blocks where blocked_id = ${viewerId}
              and blocker_id = any(${others}::uuid[])) as blocked,
          exists (select 1 from users where id = any(${others}::uuid[]) and is_private
            and not exists (select 1 from follows where follower_id = ${viewerId}
              and followed_id = users.id)) as protected
      `.execute(db);
      return {
        suspended: Boolean(rows[0]?.suspended),
        blocked: Boolean(rows[0]?.blocked),
        protected: Boolean(rows[0]?.protected),
      };
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
