import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

interface FocusNextItemOptions {
  /** The items as the list shows them: a change of it is when one may have left. */
  items: readonly unknown[] | undefined;
  /** The elements of the list, one per item, inside the container. */
  itemSelector: string;
  /** What to focus in the item that takes over (its button, or the item itself). */
  focusTarget: (item: HTMLElement) => HTMLElement | null;
  /** Where focus goes when the list is left empty (its section's heading). */
  fallback: (container: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * When the list item that had focus leaves the list (a member unblocked, a report resolved),
 * focus moves to the item now in its place (the next one), the new last one, or `fallback` when
 * none is left, instead of falling to <body>, 17 Tabs from where the person was. The returned
 * ref goes on the list's container, which stays while the list changes.
 */
export function useFocusNextItem<Container extends HTMLElement>({
  items,
  itemSelector,
  focusTarget,
  fallback,
}: FocusNextItemOptions): RefObject<Container | null> {
  const ref = useRef<Container | null>(null);
  const focusedIndex = useRef<number | null>(null);
  const latest = useRef({ itemSelector, focusTarget, fallback });
  latest.current = { itemSelector, focusTarget, fallback };

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const remember = (event: FocusEvent) => {
      const all = [...container.querySelectorAll<HTMLElement>(latest.current.itemSelector)];
      const target = event.target instanceof Node ? event.target : null;
      const index = all.findIndex((item) => item.contains(target));
      focusedIndex.current = index >= 0 ? index : null;
    };
    container.addEventListener('focusin', remember);
    return () => container.removeEventListener('focusin', remember);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the items change.
  useLayoutEffect(() => {
    const index = focusedIndex.current;
    const container = ref.current;
    if (index === null || !container) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      // Focus is still somewhere (in the list, a dialog, a toast): nothing to rescue.
      if (!container.contains(active)) focusedIndex.current = null;
      return;
    }
    focusedIndex.current = null;
    const all = [...container.querySelectorAll<HTMLElement>(latest.current.itemSelector)];
    const next = all[Math.min(index, all.length - 1)];
    const target = next ? latest.current.focusTarget(next) : latest.current.fallback(container);
    if (!target) return;
    // A report or a heading is focused as a place to continue from, not as a Tab stop.
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  }, [items]);

  return ref;
}
