import { replyRefusal } from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, apiError } from '../../http/api-error.js';
import { type PostShape, toPost } from '../../posts/post-shape.js';

/** These whisps as the viewer sees them, in this order: one query whatever the page size. */
export async function loadPosts(
  app: FastifyInstance,
  viewerId: string,
  ids: string[],
): Promise<PostShape[]> {
  return (await app.repositories.posts.hydrate(viewerId, ids)).map((post) =>
    toPost(post, app.publicUrl),
  );
}

export async function loadPost(
  app: FastifyInstance,
  viewerId: string,
  id: string,
): Promise<PostShape> {
  const found = await app.repositories.posts.findOne(viewerId, id);
  if (!found) throw postNotFound();
  // A whisp (or the original it rewhisps) by a member blocked either way, or suspended, or by a
  // private member the viewer does not follow, does not exist for the viewer.
  const authors = [found.row.author_id, ...(found.original ? [found.original.author_id] : [])];
  const standing = await app.repositories.safety.standing(viewerId, authors);
  if (standing.suspended || standing.blocked || standing.protected) throw postNotFound();
  return toPost(found, app.publicUrl);
}

export const postNotFound = () => apiError('postNotFound');

/**
 * Who wrote the whisp and what they allow. Acting on a rewhisp acts on its original, as a person
 * tapping like on a rewhisp in a feed means. A suspended author's whisp is "not found"; between a
 * blocker and the member they block, reading is "not found" and acting is 403 BLOCKED.
 */
export async function findTarget(
  app: FastifyInstance,
  id: string,
  viewerId: string,
  purpose: 'read' | 'act',
) {
  const { posts, safety } = app.repositories;
  const access = await posts.findAccess(id);
  if (!access) throw postNotFound();
  const original = access.rewhisp_of_id ? await posts.findAccess(access.rewhisp_of_id) : access;
  if (!original) throw postNotFound();
  const standing = await safety.standing(viewerId, [access.author_id, original.author_id]);
  if (standing.suspended) throw postNotFound();
  if (standing.blocked) throw purpose === 'read' ? postNotFound() : apiError('blocked');
  // A private member's whisp read by id by someone who does not follow them answers 404, not
  // 403 PRIVATE_ACCOUNT: as on Mastodon, a protected whisp's id tells a stranger nothing, not
  // even that it exists (their profile, which says the account is private, is where they learn).
  if (standing.protected) throw postNotFound();
  return original;
}

/**
 * The whisp a reply answers (a rewhisp's original), once its reply settings let this member reply:
 * 403 when they exclude them, as findTarget refuses what cannot be read or acted on.
 */
export async function replyTarget(app: FastifyInstance, id: string, memberId: string) {
  const parent = await findTarget(app, id, memberId, 'act');
  const follows =
    parent.can_reply === 'followers' &&
    (await app.repositories.posts.isFollowing(memberId, parent.author_id));
  const refusal = replyRefusal(parent, memberId, follows);
  if (refusal) throw ApiError.from(refusal);
  return parent;
}
