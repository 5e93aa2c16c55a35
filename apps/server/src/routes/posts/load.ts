import type { FastifyInstance } from 'fastify';
import { apiError } from '../../http/api-error.js';
import { type PostShape, toPost } from '../../posts/post-shape.js';

/** These whisps as the viewer sees them, in this order: one query whatever the page size. */
export async function loadPosts(
  app: FastifyInstance,
  viewerId: string,
  ids: string[],
): Promise<PostShape[]> {
  return (await app.repositories.posts.hydrate(viewerId, ids)).map(toPost);
}

export async function loadPost(
  app: FastifyInstance,
  viewerId: string,
  id: string,
): Promise<PostShape> {
  const found = await app.repositories.posts.findOne(viewerId, id);
  if (!found) throw postNotFound();
  return toPost(found);
}

export const postNotFound = () => apiError('postNotFound');

/**
 * Who wrote the whisp and what they allow. Acting on a rewhisp acts
 * on its original, as a person tapping like on a rewhisp in a feed means.
 */
export async function findTarget(app: FastifyInstance, id: string) {
  const { posts } = app.repositories;
  const access = await posts.findAccess(id);
  if (!access) throw postNotFound();
  if (!access.rewhisp_of_id) return access;
  const original = await posts.findAccess(access.rewhisp_of_id);
  if (!original) throw postNotFound();
  return original;
}
