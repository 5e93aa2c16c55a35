import type { Context } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { type FederatedPost, readFederatedPost } from './local-posts.js';
import { postUri } from './notes.js';

type Db = Kysely<DatabaseSchema>;

/** The ActivityPub id of the whisp this one answers, or null. */
export async function replyTargetOf(ctx: Context<void>, db: Db, post: FederatedPost) {
  if (!post.replyToId) return null;
  const parent = await readFederatedPost(db, post.replyToId);
  return parent ? postUri(ctx, parent) : null;
}

/** The whisp a rewhisp shares. */
export async function originalOf(db: Db, post: FederatedPost) {
  return post.rewhispOfId ? readFederatedPost(db, post.rewhispOfId) : undefined;
}

/**
 * The members a whisp names, as its Mention tags carry them (by this server's actor URL). A
 * whisp names only local members so far: `@user@host` mentions are not parsed yet.
 */
export async function mentionedMembersOf(ctx: Context<void>, db: Db, post: FederatedPost) {
  if (post.mentions.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(
      sql`lower(username)`,
      'in',
      post.mentions.map((name) => name.toLowerCase()),
    )
    .where('host', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUri: ctx.getActorUri(row.username),
    acct: `${row.username}@${new URL(ctx.origin).host}`,
  }));
}
