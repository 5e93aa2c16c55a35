import { useIsFetching } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

// However long the screen takes, what waits for it starts after this.
const MAX_WAIT_MS = 5_000;
// Browsers without requestIdleCallback (Safari) wait this long once the screen is drawn.
const FALLBACK_IDLE_MS = 100;

/**
 * Whether the first screen has drawn: its code has loaded (`markScreenMounted`, called from inside
 * the route's Suspense boundary), no query is fetching any more, and the browser has had a quiet
 * moment since. Requests that can wait (badges, the live stream) start then, behind the ones the
 * screen needs, instead of competing with them for a slow phone's connection and main thread.
 * Stays true once true.
 */
export function useFirstScreenDrawn() {
  const [screenMounted, setScreenMounted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const fetching = useIsFetching();
  const settled = screenMounted && fetching === 0;

  useEffect(() => {
    if (drawn) return;
    const timer = setTimeout(() => setDrawn(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [drawn]);

  useEffect(() => {
    if (drawn || !settled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setDrawn(true), { timeout: 1_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setDrawn(true), FALLBACK_IDLE_MS);
    return () => clearTimeout(timer);
  }, [drawn, settled]);

  const markScreenMounted = useCallback(() => setScreenMounted(true), []);
  return { drawn, markScreenMounted };
}

/** Renders nothing; tells its parent it has mounted (inside a Suspense boundary: once the rest has). */
export function OnMount({ callback }: { callback: () => void }) {
  useEffect(callback, [callback]);
  return null;
}
