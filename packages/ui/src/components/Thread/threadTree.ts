import type { Post } from '@whisp/api-client';

/** One reply and the replies to it, in the order the server sent them (oldest first). */
export interface ThreadNode {
  post: Post;
  replies: ThreadNode[];
}

/**
 * Nests a whisp's descendants (depth first, each level oldest first, as
 * `GET /api/posts/{id}/context` answers) under their parents by `reply_to_id`. A reply whose
 * parent is absent (deleted or hidden) cannot be placed under that parent's own ancestors, which
 * the answer does not name: it attaches to the whisp itself, keeping its place in the order.
 */
export function nestReplies(postId: string, descendants: readonly Post[]): ThreadNode[] {
  const nodes = new Map<string, ThreadNode>();
  for (const post of descendants) nodes.set(post.id, { post, replies: [] });
  const top: ThreadNode[] = [];
  for (const post of descendants) {
    const node = nodes.get(post.id);
    if (!node) continue;
    const parent =
      post.reply_to_id && post.reply_to_id !== postId ? nodes.get(post.reply_to_id) : undefined;
    // A reply naming itself (bad data) would vanish into a loop: it stays at the top instead.
    if (parent && parent !== node) parent.replies.push(node);
    else top.push(node);
  }
  return top;
}

/** The ids of the replies above `id` (not itself): the branches to keep open to show it. */
export function pathTo(id: string | undefined, nodes: readonly ThreadNode[]): Set<string> {
  const path = new Set<string>();
  if (!id) return path;
  const visit = (node: ThreadNode): boolean => {
    if (node.post.id === id) return true;
    if (node.replies.some(visit)) {
      path.add(node.post.id);
      return true;
    }
    return false;
  };
  nodes.some(visit);
  return path;
}
