import { THREAD_CONTEXT_MAX_DEPTH, THREAD_CONTEXT_MAX_DESCENDANTS } from '../../contract/limits.js';
import type { Id, PostVersion } from '../../models.js';
import { fail } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { MockData, PostRecord, UserRecord } from './records.js';
import { visibilityFor } from './visibility.js';

/**
 * A reply's ancestors, root first: as stored, or (for seeded rows written without one) built
 * from the reply_to_id links still there.
 */
export function threadPathOf(data: MockData, post: PostRecord): Id[] {
  if (post.thread_path) return post.thread_path;
  const parent = post.reply_to_id ? data.posts.find((p) => p.id === post.reply_to_id) : undefined;
  return parent ? [...threadPathOf(data, parent), parent.id] : [];
}

const oldestFirst = (a: PostRecord, b: PostRecord) =>
  compareText(a.created_at, b.created_at) || compareText(a.id, b.id);

/** GET /api/posts/{id}/context and /history. */
export function createThreadOperations(ctx: StoreContext) {
  const find = (id: Id) => {
    const post = ctx.data.posts.find((p) => p.id === id);
    if (!post) throw fail('postNotFound');
    return post;
  };
  /** The whisp a thread is read around: a rewhisp's is its original's, as its replies are. */
  const focus = (viewer: UserRecord, id: Id) => {
    const visible = visibilityFor(ctx.data, viewer.id);
    const target = find(id);
    if (!visible.shows(target)) throw fail('postNotFound');
    const post = target.rewhisp_of_id ? find(target.rewhisp_of_id) : target;
    if (!visible.shows(post)) throw fail('postNotFound');
    return { post, visible };
  };

  return {
    /**
     * Ancestors from the root down; descendants depth first, each level oldest first, at most
     * THREAD_CONTEXT_MAX_DESCENDANTS and THREAD_CONTEXT_MAX_DEPTH levels below the whisp. Deleted
     * and hidden whisps are left out; a reply whose parent is gone follows its nearest ancestor
     * still shown.
     */
    context(viewer: UserRecord, id: Id) {
      const { post, visible } = focus(viewer, id);
      const byId = new Map(ctx.data.posts.map((p) => [p.id, p]));
      // In a thread a muted member's replies stay out too, as blocked and suspended members' do.
      const listed = (candidate: PostRecord) =>
        !visible.hides(candidate.author_id) && !visible.mutes(candidate.author_id);
      const ancestors = threadPathOf(ctx.data, post)
        .map((ancestorId) => byId.get(ancestorId))
        .filter((ancestor): ancestor is PostRecord => ancestor !== undefined)
        .filter(listed);

      const below = ctx.data.posts.flatMap((candidate) => {
        const path = threadPathOf(ctx.data, candidate);
        const at = path.indexOf(post.id);
        if (at === -1 || !candidate.is_reply || !listed(candidate)) return [];
        const depth = path.length - at;
        return depth > THREAD_CONTEXT_MAX_DEPTH ? [] : [{ candidate, path: path.slice(at) }];
      });
      const shown = new Set(below.map(({ candidate }) => candidate.id));
      // Each reply hangs under its nearest ancestor that is shown (the whisp itself at least).
      const children = new Map<Id, PostRecord[]>();
      for (const { candidate, path } of below) {
        const parent = path.findLast(
          (ancestorId) => ancestorId === post.id || shown.has(ancestorId),
        );
        const list = children.get(parent ?? post.id) ?? [];
        list.push(candidate);
        children.set(parent ?? post.id, list);
      }
      const descendants: PostRecord[] = [];
      const walk = (parentId: Id) => {
        for (const child of (children.get(parentId) ?? []).sort(oldestFirst)) {
          if (descendants.length >= THREAD_CONTEXT_MAX_DESCENDANTS) return;
          descendants.push(child);
          walk(child.id);
        }
      };
      walk(post.id);
      const shape = (p: PostRecord) => ctx.shapes.post(p, viewer.id);
      return { ancestors: ancestors.map(shape), descendants: descendants.map(shape) };
    },

    /** Oldest first, the current version last; a whisp never edited has one entry. */
    history(viewer: UserRecord, id: Id): PostVersion[] {
      const visible = visibilityFor(ctx.data, viewer.id);
      const post = find(id);
      if (!visible.shows(post)) throw fail('postNotFound');
      const earlier = ctx.data.postVersions
        .filter((version) => version.post_id === post.id)
        .sort((a, b) => compareText(a.created_at, b.created_at))
        .map(({ content, content_warning, created_at }) => ({
          content,
          content_warning,
          created_at,
        }));
      return [
        ...earlier,
        {
          content: post.content,
          content_warning: post.content_warning ?? null,
          created_at: post.edited_at ?? post.created_at,
        },
      ];
    },
  };
}
