import type { Post } from '@whisp/api-client';
import CornerDownRight from 'lucide-react/icons/corner-down-right';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { media } from '../../theme/media.js';
import { cx } from '../../utilities/cx.js';
import { WhispCard, type WhispCardProps } from '../WhispCard/WhispCard.js';
import * as styles from './Thread.css.js';
import { nestReplies, pathTo, type ThreadNode } from './threadTree.js';

/** What a card of the thread is told about its place. */
export interface ThreadCardContext {
  /** 0 for the whisp and the whisps above it; 1 for a direct reply, 2 for a reply to it… */
  depth: number;
  /** Above the whisp, the whisp itself, or under it. */
  place: 'ancestor' | 'post' | 'reply';
  /** The reply named by `highlightId` (just posted, say). */
  highlighted: boolean;
}

export interface ThreadProps extends ComponentPropsWithoutRef<'div'> {
  /** The whisps this one answers, from the first whisp of the thread down. */
  ancestors: readonly Post[];
  /** The whisp the page is about. */
  post: Post;
  /**
   * Its replies and theirs, depth first and each level oldest first, as
   * `GET /api/posts/{id}/context` answers; nested here by `reply_to_id`. A reply whose parent is
   * missing (deleted, hidden) hangs under the whisp itself.
   */
  descendants: readonly Post[];
  /** Draws one whisp; by default a WhispCard with `cardProps`. */
  renderCard?: (post: Post, context: ThreadCardContext) => ReactNode;
  /** Passed to every default WhispCard (callbacks, `currentUserId`, `now`…). */
  cardProps?: Omit<WhispCardProps, 'post'>;
  /**
   * Reply levels shown before "Show more replies" (which opens the rest in place). By default 4
   * on wide screens and 2 on phones, where every level takes width from the text.
   */
  maxDepth?: number;
  /** A reply to mark, its branch kept open past `maxDepth`: the one just posted, say. */
  highlightId?: string;
}

const DEFAULT_DEPTH = { wide: 4, phone: 2 } as const;

// One listener for the page (a thread page has one Thread); the server renders the wide layout.
const subscribePhone = (onChange: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(media.phone);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(media.phone).matches;

interface Shared {
  render: (post: Post, context: ThreadCardContext) => ReactNode;
  maxDepth: number;
  highlightId: string | undefined;
  openPath: Set<string>;
}

/**
 * A whisp's page: the whisps it answers above it, the whisp, then the replies nested under a
 * visible line per level, with "Show more replies" past `maxDepth`. The order on the page is the
 * reading order, so Tab and a screen reader go down the thread as the eye does; nesting is real
 * lists, so a screen reader says how deep a reply is.
 */
export const Thread = forwardRef<HTMLDivElement, ThreadProps>(function Thread(
  {
    ancestors,
    post,
    descendants,
    renderCard,
    cardProps,
    maxDepth,
    highlightId,
    className,
    ...props
  },
  ref,
) {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const tree = useMemo(() => nestReplies(post.id, descendants), [post.id, descendants]);
  const openPath = useMemo(() => pathTo(highlightId, tree), [highlightId, tree]);
  const shared: Shared = {
    render: renderCard ?? ((item) => <WhispCard {...cardProps} post={item} />),
    maxDepth: Math.max(1, maxDepth ?? (phone ? DEFAULT_DEPTH.phone : DEFAULT_DEPTH.wide)),
    highlightId,
    openPath,
  };
  return (
    <div ref={ref} className={cx(styles.thread, className)} {...props}>
      {ancestors.length > 0 ? (
        <ol className={styles.ancestors} aria-label="Earlier in the thread">
          {ancestors.map((ancestor) => (
            <li key={ancestor.id} className={styles.ancestor}>
              {shared.render(ancestor, { depth: 0, place: 'ancestor', highlighted: false })}
            </li>
          ))}
        </ol>
      ) : null}
      <div className={styles.post} data-has-ancestors={ancestors.length > 0 || undefined}>
        {shared.render(post, { depth: 0, place: 'post', highlighted: false })}
      </div>
      {tree.length > 0 ? <Replies nodes={tree} depth={1} shared={shared} label="Replies" /> : null}
    </div>
  );
});

interface RepliesProps {
  nodes: readonly ThreadNode[];
  depth: number;
  shared: Shared;
  label?: string;
  /** Focus the list when it appears (it replaced the "Show more replies" that had focus). */
  takeFocus?: boolean;
  /** Opened by "Show more replies": everything under it shows, however deep. */
  unfolded?: boolean;
}

function Replies({
  nodes,
  depth,
  shared,
  label,
  takeFocus = false,
  unfolded = false,
}: RepliesProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (takeFocus) list.current?.focus();
  }, [takeFocus]);
  return (
    <ul
      ref={list}
      className={styles.replies}
      data-depth={depth}
      aria-label={label}
      tabIndex={takeFocus ? -1 : undefined}
    >
      {nodes.map((node) => (
        <Reply key={node.post.id} node={node} depth={depth} shared={shared} unfolded={unfolded} />
      ))}
    </ul>
  );
}

interface ReplyProps {
  node: ThreadNode;
  depth: number;
  shared: Shared;
  unfolded: boolean;
}

function Reply({ node, depth, shared, unfolded }: ReplyProps) {
  const [expanded, setExpanded] = useState(false);
  const highlighted = node.post.id === shared.highlightId;
  const hasReplies = node.replies.length > 0;
  const folded =
    hasReplies &&
    depth >= shared.maxDepth &&
    !unfolded &&
    !expanded &&
    !shared.openPath.has(node.post.id);
  return (
    <li className={styles.reply} data-highlighted={highlighted || undefined}>
      {shared.render(node.post, { depth, place: 'reply', highlighted })}
      {!hasReplies ? null : folded ? (
        <button type="button" className={styles.showMore} onClick={() => setExpanded(true)}>
          <CornerDownRight aria-hidden width={16} height={16} />
          Show more replies
        </button>
      ) : (
        <Replies
          nodes={node.replies}
          depth={depth + 1}
          shared={shared}
          takeFocus={expanded}
          unfolded={unfolded || expanded}
        />
      )}
    </li>
  );
}
