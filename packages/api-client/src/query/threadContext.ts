import type { QueryClient } from '@tanstack/react-query';
import type { Id, Post, PostContext } from '../models.js';
import { postKeys } from './keys.js';

/** Whether a cached query key is a whisp's thread context (`postKeys.context(id)`). */
function contextOwner(queryKey: readonly unknown[]): Id | undefined {
  const [root, kind, id, part] = queryKey;
  return root === postKeys.all[0] &&
    kind === 'detail' &&
    part === 'context' &&
    typeof id === 'string'
    ? id
    : undefined;
}

/**
 * Where a new reply to `parentId` goes in descendants listed depth first, each level oldest
 * first: after the parent's whole subtree (the reply is its newest child). Undefined when the
 * parent is not among them. The subtree is the run after the parent whose `reply_to_id` leads
 * back to it; a reply whose parent was deleted (`reply_to_id` null) ends the run, as its place
 * cannot be told from the list.
 */
function insertionIndex(descendants: Post[], parentId: Id, focusId: Id) {
  if (parentId === focusId) return descendants.length;
  const start = descendants.findIndex((post) => post.id === parentId);
  if (start === -1) return undefined;
  const subtree = new Set([parentId]);
  let index = start + 1;
  while (index < descendants.length) {
    const replyTo = descendants[index]?.reply_to_id;
    if (!replyTo || !subtree.has(replyTo)) break;
    subtree.add(descendants[index]?.id ?? '');
    index += 1;
  }
  return index;
}

/**
 * Shows a reply just posted in every cached thread context that holds its parent (the thread
 * opened on the parent itself, or on a whisp above it), in place: right after the parent's
 * replies so far, as the server's next read would list it. Returns the keys' owners it changed.
 */
export function insertReplyIntoContexts(queryClient: QueryClient, parentId: Id, reply: Post) {
  const changed: Id[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<PostContext>({
    queryKey: postKeys.details(),
  })) {
    const focusId = contextOwner(queryKey);
    if (!focusId || !data || data.descendants.some((post) => post.id === reply.id)) continue;
    const index = insertionIndex(data.descendants, parentId, focusId);
    if (index === undefined) continue;
    const descendants = [...data.descendants];
    descendants.splice(index, 0, reply);
    queryClient.setQueryData<PostContext>(queryKey, { ...data, descendants });
    changed.push(focusId);
  }
  return changed;
}
