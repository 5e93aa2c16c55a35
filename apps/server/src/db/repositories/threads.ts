import {
  THREAD_CONTEXT_MAX_DEPTH,
  THREAD_CONTEXT_MAX_DESCENDANTS,
} from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { hiddenOrMutedMembers, readableWhisp } from './visibility.js';

/**
 * Replies read to build a thread's tree before it is cut to THREAD_CONTEXT_MAX_DESCENDANTS: the
 * oldest first, so a thread larger than this shows its earliest conversation. Only ids, paths and
 * times are read for them; the shown ones are hydrated afterwards.
 */
const DESCENDANTS_READ_MAX = 5_000;

interface Descendant {
  id: string;
  thread_path: string[];
}

/**
 * The descendants in thread order: depth first, each level oldest first (`rows` come oldest
 * first). A reply whose parent is gone or hidden hangs from its nearest ancestor still shown,
 * so a deleted middle reply leaves its replies in the thread.
 */
export function threadOrder(rootId: string, rows: Descendant[], max: number): string[] {
  const shown = new Set([rootId, ...rows.map((row) => row.id)]);
  const children = new Map<string, string[]>();
  for (const row of rows) {
    const parent = row.thread_path.findLast((ancestor) => shown.has(ancestor)) ?? rootId;
    const siblings = children.get(parent);
    if (siblings) siblings.push(row.id);
    else children.set(parent, [row.id]);
  }
  const ordered: string[] = [];
  // An explicit stack: a thread ten levels deep is fine for recursion, but nothing need trust it.
  const stack = [...(children.get(rootId) ?? [])].reverse();
  while (stack.length > 0 && ordered.length < max) {
    const id = stack.pop() as string;
    ordered.push(id);
    stack.push(...[...(children.get(id) ?? [])].reverse());
  }
  return ordered;
}

export function createThreadsRepository(db: Kysely<DatabaseSchema>) {
  return {
    /**
     * The ids around a whisp as the viewer may see them: its ancestors from the root down and
     * its descendants in thread order, leaving out deleted whisps and those of members hidden
     * from the viewer (blocked either way, suspended or muted).
     */
    async context(viewerId: string, postId: string) {
      const ancestors = await sql<{ id: string }>`
        select ancestor.id
        from posts focused
        cross join unnest(focused.thread_path) with ordinality as path(id, n)
        join posts ancestor on ancestor.id = path.id
        where focused.id = ${postId}
          and ancestor.author_id not in ${hiddenOrMutedMembers(viewerId)}
          and ${readableWhisp(viewerId, 'ancestor')}
        order by path.n`.execute(db);
      // Depth below the whisp: its replies have it last in their path (depth 1).
      const descendants = await sql<Descendant>`
        select reply.id, reply.thread_path
        from posts reply
        where reply.is_reply
          and reply.thread_path @> array[${postId}]::uuid[]
          and cardinality(reply.thread_path) - array_position(reply.thread_path, ${postId}::uuid)
            < ${THREAD_CONTEXT_MAX_DEPTH}
          and reply.author_id not in ${hiddenOrMutedMembers(viewerId)}
          and ${readableWhisp(viewerId, 'reply')}
        order by reply.created_at, reply.id
        limit ${DESCENDANTS_READ_MAX}`.execute(db);
      return {
        ancestorIds: ancestors.rows.map((row) => row.id),
        descendantIds: threadOrder(postId, descendants.rows, THREAD_CONTEXT_MAX_DESCENDANTS),
      };
    },
  };
}

export type ThreadsRepository = ReturnType<typeof createThreadsRepository>;
