import { useEffect, useRef } from 'react';

/**
 * When a page swaps one view for another in place (a blocked profile's notice for the profile,
 * after Unblock), the control that held focus leaves with the old view and focus falls to
 * <body>. The page's heading takes it then, so the next Tab goes on from the top of the page
 * rather than from the start of the document. `view` names what the page shows, undefined while
 * it loads: a page opened by its address shows its loading state first, and its loaded view is
 * still its first (focus there would ring the heading of a page nobody has touched yet).
 */
export function useHeadingTakesLostFocus(view: string | undefined): void {
  const first = useRef(true);
  // Runs when the page's view changes.
  useEffect(() => {
    if (view === undefined) return;
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
