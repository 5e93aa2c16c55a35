import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Post } from '@whisp/api-client';
import { PAGE_SIZE } from '@whisp/api-client/limits';
import {
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useFocusHandOff } from '../../utilities/useFocusHandOff.js';
import * as styles from './Feed.css.js';

/**
 * Up to this many whisps render as a plain list (find-in-page and every test see them all); past it
 * only the whisps near the viewport are in the DOM, so a feed scrolled through a thousand whisps stays
 * as light as its first pages.
 */
export const WINDOWING_THRESHOLD = PAGE_SIZE * 3;
/**
 * A list's first commit holds about a phone's screenful of cards; the rest follow one card at a
 * time, each when the browser is idle, in its own short commit. Committing a page of 20 cards at
 * once was one of the longest tasks of the first load (Lighthouse's Total Blocking Time); three
 * per commit still made tasks of over 100 ms on a low-tier phone, while one card is well under the
 * 50 ms that counts as blocking.
 */
const CARDS_IN_FIRST_COMMIT = 3;
/** A first guess at a card's height; each card is measured once it renders. */
const ESTIMATED_CARD_HEIGHT = 150;
/** However busy the page stays, the next card is added after this long. */
const NEXT_CARD_TIMEOUT_MS = 250;
/** Cards kept rendered beyond each edge of the viewport, so fast scrolling does not show gaps. */
const OVERSCAN = 8;

export interface WhispListProps {
  /** The whisps in order; a long list is windowed (only the cards near the screen are mounted). */
  posts: Post[];
  /** Draws one whisp (usually a WhispCard with the app's callbacks). */
  renderPost: (post: Post) => ReactNode;
  /**
   * Takes focus when the focused card leaves and no card is left (the feed, focusable with
   * `tabIndex={-1}`). While cards remain, the next one (or the previous) takes it.
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

export function WhispList({ posts, renderPost, fallbackFocus }: WhispListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusHandlers = useFocusHandOff(posts, listRef, fallbackFocus);
  if (posts.length <= WINDOWING_THRESHOLD) {
    return (
      <PlainWhispList
        posts={posts}
        renderPost={renderPost}
        listRef={listRef}
        focusHandlers={focusHandlers}
      />
    );
  }
  return (
    <WindowedWhispList
      posts={posts}
      renderPost={renderPost}
      listRef={listRef}
      focusHandlers={focusHandlers}
    />
  );
}

interface ListPartProps extends Omit<WhispListProps, 'fallbackFocus'> {
  listRef: RefObject<HTMLUListElement | null>;
  focusHandlers: Pick<HTMLAttributes<HTMLUListElement>, 'onFocus' | 'onBlur'>;
}

function PlainWhispList({ posts, renderPost, listRef, focusHandlers }: ListPartProps) {
  const shown = useCardsShown(posts.length);
  return (
    <ul
      ref={listRef}
      {...focusHandlers}
      className={styles.list}
      // Room for the cards still to come, so what follows the list (the loader that fetches the
      // next page) stays where it will be instead of showing up and then being pushed down.
      style={
        shown < posts.length
          ? { paddingBottom: (posts.length - shown) * ESTIMATED_CARD_HEIGHT }
          : undefined
      }
    >
      {posts.slice(0, shown).map((post) => (
        <li key={post.id} data-post-id={post.id}>
          {renderPost(post)}
        </li>
      ))}
    </ul>
  );
}

/**
 * How many of `total` cards to render: one more each time the browser is idle after a commit,
 * until all are in, each step a transition that yields to clicks and typing. Never shrinks: a
 * list that grows by a page adds the new cards the same way, without hiding any already shown.
 */
function useCardsShown(total: number) {
  const [shown, setShown] = useState(CARDS_IN_FIRST_COMMIT);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown(shown + 1)));
  }, [shown, total]);
  return shown;
}

/** Runs `callback` once the browser is idle (Safari has no idle callbacks: a macrotask there). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: NEXT_CARD_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback);
  return () => clearTimeout(timer);
}

function WindowedWhispList({ posts, renderPost, listRef, focusHandlers }: ListPartProps) {
  // The page scrolls, not the list: the virtualizer needs where the list starts on the page.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, [listRef]);

  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => posts[index]?.id ?? index,
  });

  return (
    <ul
      ref={listRef}
      {...focusHandlers}
      className={styles.windowedList}
      style={{ height: virtualizer.getTotalSize() }}
      data-windowed=""
    >
      {virtualizer.getVirtualItems().map((item) => {
        const post = posts[item.index];
        if (!post) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-post-id={post.id}
            data-index={item.index}
            // Screen readers still hear "whisp 41 of 1000" although most items are not in the DOM.
            aria-setsize={posts.length}
            aria-posinset={item.index + 1}
            className={styles.windowedItem}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderPost(post)}
          </li>
        );
      })}
    </ul>
  );
}
