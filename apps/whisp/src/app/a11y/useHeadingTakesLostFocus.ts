import { useEffect, useRef } from 'react';

/**
 * When a page swaps one view for another in place (a blocked profile's notice for the profile,
 * after Unblock), the control that held focus leaves with the old view and focus falls to
 * <body>. The page's heading takes it then, so the next Tab goes on from the top of the page
 * rather than from the start of the document. `view` names what the page shows.
 */
export function useHeadingTakesLostFocus(view: string): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's view changes.
  useEffect(() => {
    if (first.current) {
      // The page's first view: a navigation's focus is useFocusHeadingOnNavigation's.
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [view]);
}
