import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

// One media-query listener for the whole page, however many animated images subscribe: a feed
// must not add a listener per card.
let queryList: MediaQueryList | null = null;
const subscribers = new Set<() => void>();
const notify = () => {
  for (const subscriber of subscribers) subscriber();
};

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  queryList ??= window.matchMedia(QUERY);
  if (subscribers.size === 0) queryList.addEventListener('change', notify);
  subscribers.add(onChange);
  return () => {
    subscribers.delete(onChange);
    if (subscribers.size === 0) queryList?.removeEventListener('change', notify);
  };
}

const getSnapshot = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
// A server render cannot know: it assumes motion, and the client corrects it on hydration.
const getServerSnapshot = () => false;

/** Whether the system asks for reduced motion, kept up to date when the setting changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
