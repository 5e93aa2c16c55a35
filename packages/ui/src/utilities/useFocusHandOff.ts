import type { Post } from '@whisp/api-client';
import { type FocusEvent, type RefObject, useCallback, useLayoutEffect, useRef } from 'react';
import { FOCUS_LAYER_SELECTOR, focusElement, focusIsLost, handFocusOn } from './focusReturn.js';

interface FocusedCard {
  id: string;
  item: HTMLElement;
}

/**
 * When the focused card (or the card whose menu or dialog is open) leaves the list (its author
 * muted or blocked, the whisp deleted), focus moves to the next card, the previous when it was the
 * last, or `fallback` (the feed) when none is left; a dialog or toast still holding focus hands it
 * there when it closes. One focus handler on the list and one effect per change of `posts`: no
 * effect or re-render per card.
 */
export function useFocusHandOff(
  posts: readonly Post[],
  list: RefObject<HTMLElement | null>,
  fallback: (() => HTMLElement | null | undefined) | undefined,
) {
  const focused = useRef<FocusedCard | null>(null);
  const previous = useRef(posts);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      // React also brings focus from a card's portalled menu here: only a card's own elements count.
      const item = itemOf(event.target, list.current);
      if (item?.dataset.postId) focused.current = { id: item.dataset.postId, item };
    },
    [list],
  );

  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      // Still the card's while its menu, a dialog it opened or a toast holds focus.
      if (!next || list.current?.contains(next) || next.closest(FOCUS_LAYER_SELECTOR)) return;
      focused.current = null;
    },
    [list],
  );

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = posts;
    const last = focused.current;
    if (!last || before === posts) return;
    if (posts.some((post) => post.id === last.id)) {
      // The same card drawn anew (the list switched to windowing): focus follows it.
      const again = findItem(list.current, last.id);
      if (!last.item.isConnected && again && focusIsLost()) {
        focused.current = { id: last.id, item: again };
        focusElement(cardIn(again));
      }
      return;
    }
    focused.current = null;
    const ids = successorIds(before, posts, last.id);
    const successor = () => {
      for (const id of ids) {
        const item = findItem(list.current, id);
        if (item) return cardIn(item);
      }
      return fallbackRef.current?.();
    };
    handFocusOn(last.item, successor);
    const target = successor();
    if (target && focusIsLost()) focusElement(target);
  }, [posts, list]);

  // The last card gone, the list itself leaves (the feed shows its empty state instead).
  useLayoutEffect(
    () => () => {
      const last = focused.current;
      if (!last) return;
      const hadFocus = list.current?.contains(document.activeElement) ?? false;
      const successor = () => fallbackRef.current?.();
      handFocusOn(last.item, successor);
      // Still in the page here; removed right after this commit.
      if (hadFocus) {
        queueMicrotask(() => {
          const target = successor();
          if (target?.isConnected && focusIsLost()) focusElement(target);
        });
      }
    },
    [list],
  );

  return { onFocus, onBlur };
}

/** The list item (a card's `<li>`) holding `target`, when it is one of this list's. */
function itemOf(target: EventTarget | null, list: HTMLElement | null): HTMLElement | null {
  if (!(target instanceof Element) || !list) return null;
  const item = target.closest<HTMLElement>('[data-post-id]');
  return item && item.parentElement === list ? item : null;
}

function findItem(list: HTMLElement | null, id: string): HTMLElement | null {
  if (!list) return null;
  for (const item of list.children) {
    if (item instanceof HTMLElement && item.dataset.postId === id) return item;
  }
  return null;
}

/** The whisps still listed after `id` in the old order, nearest first, then those before it. */
function successorIds(before: readonly Post[], after: readonly Post[], id: string): string[] {
  const kept = new Set(after.map((post) => post.id));
  const index = before.findIndex((post) => post.id === id);
  const following = before.slice(index + 1).filter((post) => kept.has(post.id));
  const preceding = before
    .slice(0, Math.max(index, 0))
    .reverse()
    .filter((post) => kept.has(post.id));
  return [...following, ...preceding].map((post) => post.id);
}

/** The card in a list item (its article, announced by its author's name), to take focus. */
function cardIn(item: HTMLElement): HTMLElement {
  const card = item.firstElementChild;
  return card instanceof HTMLElement ? card : item;
}
