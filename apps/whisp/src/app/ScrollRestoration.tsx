import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, kept for reloads and for returning from another site. */
const STORAGE_KEY = 'whisp.scroll-positions';

/**
 * What react-router's data router did for us with its `<ScrollRestoration>`: going back or
 * forward returns each page to where it was scrolled, a new page starts at its top (or at the
 * element its `#hash` names). The declarative router has no such component, and the data router
 * cost the first screen 56 kB of script for this alone.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  positions.current ??= readPositions();
  // The entry the page's scroll position belongs to; moves on once the new page is laid out.
  const currentKey = useRef(location.key);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      if (positions.current) positions.current[currentKey.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Private modes without storage: positions last as long as the page.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions.current?.[location.key];
    if (navigationType === 'POP' && saved !== undefined) return restoreScroll(saved);
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}

/** However the page fills in, restoring gives up after this long. */
const RESTORE_FOR_MS = 3000;

/**
 * Scrolls back to `y`, and again as the page grows until it is tall enough: a screen returned to
 * draws its list after its data and its cards a few at a time, so at first it is shorter than it
 * was. Stops at once when the person scrolls, taps, clicks or types. Returns the cleanup.
 */
function restoreScroll(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  const growing = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = window.setTimeout(stop, RESTORE_FOR_MS);
  function stop() {
    growing.disconnect();
    window.clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop, true);
  }
  growing.observe(document.body);
  for (const input of inputs)
    window.addEventListener(input, stop, { capture: true, passive: true });
  return stop;
}

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}
