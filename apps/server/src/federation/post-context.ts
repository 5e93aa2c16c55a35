import type { Context } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import { membersByAcct } from '../db/repositories/members-by-acct.js';
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
 * The members a whisp names (posts.mentions: `username` here, `username@host` for a remote
 * member), as its Mention tags carry them: by this server's actor URL or by theirs.
 */
export async function mentionedMembersOf(ctx: Context<void>, db: Db, post: FederatedPost) {
  if (post.mentions.length === 0) return [];
  const ownHost = new URL(ctx.origin).host;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'host', 'actor_uri'])
    .where(membersByAcct(post.mentions))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUri: row.actor_uri ? new URL(row.actor_uri) : ctx.getActorUri(row.username),
    acct: `${row.username}@${row.host ?? ownHost}`,
    remote: row.host !== null,
  }));
}
