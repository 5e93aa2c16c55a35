// One IntersectionObserver for the whole page: each card's placeholder registers with it rather
// than observing on its own (a feed must not add an observer or a listener per card).
let observer: IntersectionObserver | null = null;
const callbacks = new Map<Element, () => void>();

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        callbacks.delete(entry.target);
        observer?.unobserve(entry.target);
        callback?.();
      }
    },
    // A little ahead of the scroll, so the placeholder is painted before it is seen.
    { rootMargin: '300px 0px' },
  );
  return observer;
}

/**
 * Calls `callback` once, when `element` first comes near the screen; returns a cleanup that
 * cancels it. Where IntersectionObserver is missing, it runs at once.
 */
export function whenVisible(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    callback();
    return () => {};
  }
  callbacks.set(element, callback);
  sharedObserver().observe(element);
  return () => {
    if (callbacks.delete(element)) observer?.unobserve(element);
  };
}
