import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page's heading is waited for (its code, its data, its loading state's end). */
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * After a navigation to another page (not the first load, nor a change of the query string such
 * as a search's words or a tab), focus goes to the new page's `h1`, so a screen reader announces
 * it once and the next Tab starts from the top of the page rather than from a link that is gone.
 * Focusing the heading is the announcement: no live region says it a second time. It does not
 * scroll (ScrollRestoration decides where the page is), and it leaves alone an open dialog and a
 * person who has moved on meanwhile. So no page autofocuses a field: it would lose it here.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('pointerdown', mark, { capture: true, passive: true });
    window.addEventListener('keydown', mark, { capture: true, passive: true });
    return () => {
      window.removeEventListener('pointerdown', mark, true);
      window.removeEventListener('keydown', mark, true);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page, by path.
  useEffect(() => {
    // The page a visit opens, and a redirect before anyone has acted (a signed-out visit sent to
    // /auth), are announced by the browser's own page load.
    if (!mounted.current || !interacted.current) {
      mounted.current = true;
      return;
    }
    const focusedAtNavigation = document.activeElement;
    let focused: HTMLElement | null = null;
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading || heading === focused) return;
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (focused) {
        // A loading state's header gave way to the loaded one's, taking focus with it.
        if (focused.isConnected || !lost) return;
      } else if ((!lost && active !== focusedAtNavigation) || keepsFocus(active)) {
        stop();
        return;
      }
      // The library's headings (the feed's, the sign-in card's) come without a tabindex.
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    // The screen's code or first data may still be on its way, and a loading state's heading may
    // be replaced by the loaded page's: watched for a while, until the person acts.
    const observer = new MutationObserver(settle);
    const timer = window.setTimeout(stop, WAIT_FOR_HEADING_MS);
    const inputs = ['keydown', 'pointerdown'] as const;
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const input of inputs) window.removeEventListener(input, stop, true);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    for (const input of inputs)
      window.addEventListener(input, stop, { capture: true, passive: true });
    settle();
    return stop;
  }, [pathname]);
}

/** Focus that a dialog holds on purpose (one opened as the page changed) stays there. */
function keepsFocus(active: Element | null): boolean {
  return (
    active instanceof HTMLElement &&
    active.closest('[role="dialog"], [role="alertdialog"]') !== null
  );
}
