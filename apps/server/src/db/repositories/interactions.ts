import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { createNotificationsRepository } from './notifications.js';

/**
 * Likes, rewhisps and bookmarks. Each toggle is one statement: ON CONFLICT DO NOTHING makes a
 * second "on" a no-op, deleting nothing is a fine "off", and the counters move in triggers inside
 * the same statement's transaction, so a count always equals its rows.
 */
export function createInteractionsRepository(
  db: Kysely<DatabaseSchema>,
  notifications = createNotificationsRepository(db),
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  return {
    // The author's notification is written in the same transaction as the like (or goes with it).
    async like(userId: string, postId: string) {
      const liked = await notifications.transaction(async (transaction) => {
        const liked = await transaction
          .insertInto('likes')
          .values({ user_id: userId, post_id: postId })
          .onConflict((conflict) => conflict.doNothing())
          .returning('post_id')
          .executeTakeFirst();
        if (liked)
          await notifications.record(transaction, { type: 'like', actorId: userId, postId });
        return liked !== undefined;
      });
      if (liked) federatedChanges.report({ kind: 'liked', memberId: userId, postId });
    },

    async unlike(userId: string, postId: string) {
      const unliked = await notifications.transaction(async (transaction) => {
        const removed = await transaction
          .deleteFrom('likes')
          .where('user_id', '=', userId)
          .where('post_id', '=', postId)
          .returning('post_id')
          .executeTakeFirst();
        await notifications.withdraw(transaction, { type: 'like', actorId: userId, postId });
        return removed !== undefined;
      });
      if (unliked) federatedChanges.report({ kind: 'unliked', memberId: userId, postId });
    },

    /** A rewhisp is a post of its own; the unique index keeps it to one per member. */
    async rewhisp(userId: string, originalId: string, comment: string, hashtags: string[]) {
      const rewhispId = await notifications.transaction(async (transaction) => {
        const rewhisped = await transaction
          .insertInto('posts')
          .values({ author_id: userId, rewhisp_of_id: originalId, content: comment, hashtags })
          .onConflict((conflict) =>
            conflict
              .columns(['author_id', 'rewhisp_of_id'])
              .where('rewhisp_of_id', 'is not', null)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (rewhisped) {
          await notifications.record(transaction, {
            type: 'rewhisp',
            actorId: userId,
            postId: originalId,
          });
          notifications.stage(transaction, { memberId: userId, kind: 'status', id: rewhisped.id });
        }
        return rewhisped?.id;
      });
      if (rewhispId) federatedChanges.report({ kind: 'whisp.created', postId: rewhispId });
    },

    async unrewhisp(userId: string, originalId: string) {
      const goneId = await notifications.transaction(async (transaction) => {
        const gone = await transaction
          .deleteFrom('posts')
          .where('author_id', '=', userId)
          .where('rewhisp_of_id', '=', originalId)
          .returning(['id', sql<string>`mastodon_id::text`.as('mastodon_id')])
          .executeTakeFirst();
        // The Mastodon API's streams take the reblog off timelines, as a deletion (posts.ts).
        if (gone) {
          notifications.stage(transaction, {
            memberId: userId,
            kind: 'status.delete',
            id: gone.mastodon_id,
          });
        }
        await notifications.withdraw(transaction, {
          type: 'rewhisp',
          actorId: userId,
          postId: originalId,
        });
        return gone?.id;
      });
      if (goneId) {
        federatedChanges.report({
          kind: 'whisp.deleted',
          postId: goneId,
          authorId: userId,
          rewhispOfId: originalId,
        });
      }
    },

    async bookmark(userId: string, postId: string) {
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, post_id: postId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async unbookmark(userId: string, postId: string) {
      await db
        .deleteFrom('bookmarks')
        .where('user_id', '=', userId)
        .where('post_id', '=', postId)
        .execute();
    },
  };
}

export type InteractionsRepository = ReturnType<typeof createInteractionsRepository>;
