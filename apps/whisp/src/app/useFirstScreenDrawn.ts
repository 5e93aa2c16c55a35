import { useIsFetching } from '@tanstack/react-query';
import { createElement, useCallback, useEffect, useState } from 'react';

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
 *
 * The caller renders `watcher` until then: it is what follows the queries' fetching, so each
 * request starting or ending re-renders that empty component, not the caller (the app's whole
 * frame, synchronously, on a phone that is busy drawing the first screen).
 */
export function useFirstScreenDrawn() {
  const [screenMounted, setScreenMounted] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (drawn) return;
    const timer = setTimeout(() => setDrawn(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [drawn]);

  const markScreenMounted = useCallback(() => setScreenMounted(true), []);
  const markDrawn = useCallback(() => setDrawn(true), []);
  const watcher = drawn
    ? null
    : createElement(FirstScreenWatcher, { screenMounted, onDrawn: markDrawn });
  return { drawn, markScreenMounted, watcher };
}

function FirstScreenWatcher({
  screenMounted,
  onDrawn,
}: {
  screenMounted: boolean;
  onDrawn: () => void;
}) {
  const settled = useIsFetching() === 0 && screenMounted;
  useEffect(() => {
    if (!settled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(onDrawn, { timeout: 1_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(onDrawn, FALLBACK_IDLE_MS);
    return () => clearTimeout(timer);
  }, [settled, onDrawn]);
  return null;
}

/** Renders nothing; tells its parent it has mounted (inside a Suspense boundary: once the rest has). */
export function OnMount({ callback }: { callback: () => void }) {
  useEffect(callback, [callback]);
  return null;
}
