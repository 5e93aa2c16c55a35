import { type RefObject, useEffect, useLayoutEffect } from 'react';

/**
 * Where focus goes when a dialog, menu or toast closes and the element that opened it is gone
 * from the page: an element, or a function read at that moment (the element may not exist yet
 * when the layer opens).
 */
export type ReturnFocusTarget = HTMLElement | null | (() => HTMLElement | null | undefined);

// A server render has no focus to track, and React 18 warns on every useLayoutEffect it meets there.
export const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Layers that hold focus for a while on top of the page (a dialog, a menu, the toast region): a
 * list keeps remembering its focused card while focus is in one of them.
 */
export const FOCUS_LAYER_SELECTOR =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [data-focus-layer]';

// The element that last received focus, so an opener can still be found when the element focused
// a moment ago was removed (a menu item that opened a dialog: React removes the menu before the
// dialog's effects run, and focus has fallen to <body>). One capture listener for the whole page.
let lastFocused: Element | null = null;
let tracking = false;
function rememberFocus(event: FocusEvent) {
  lastFocused = event.target instanceof Element ? event.target : null;
}

/** Starts remembering the last focused element; called by every layer before it opens. */
export function trackFocus() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  lastFocused = document.activeElement;
  document.addEventListener('focusin', rememberFocus, true);
}

// Elements a list removed, with who takes their focus (the next card): a layer whose opener was
// inside one of them hands focus there instead of dropping it.
const successors = new WeakMap<Element, () => HTMLElement | null | undefined>();

/**
 * Tells the layers that `removed` (taken out of the page) hands its focus to what `successor`
 * returns: a dialog or toast opened from inside it returns there when it closes.
 */
export function handFocusOn(removed: Element, successor: () => HTMLElement | null | undefined) {
  successors.set(removed, successor);
}

/**
 * The element to return to once a layer opened now closes: the focused element, or, when it
 * sits in an open menu (a menu item that opens a dialog or acts at once), that menu's trigger,
 * since the item leaves with the menu.
 */
export function captureOpener(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  let active: Element | null = document.activeElement;
  if (!active || active === document.body) {
    active = lastFocused && !lastFocused.isConnected ? lastFocused : null;
  }
  return active instanceof HTMLElement ? openerOf(active) : null;
}

/** The menu's trigger for an element inside a Radix menu (named by its `aria-labelledby`). */
export function openerOf(element: HTMLElement): HTMLElement {
  const menu = element.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? element.ownerDocument.getElementById(triggerId) : null;
  return trigger && trigger !== element ? openerOf(trigger) : element;
}

function isAvailable(element: HTMLElement | null | undefined): element is HTMLElement {
  return Boolean(element?.isConnected && !element.closest('[inert], [hidden]'));
}

// A layer's content element and what it returns focus to: an element that lived in a dialog
// that has closed since (a toast raised by its confirm button) returns where the dialog did.
const layerOpeners = new WeakMap<Element, () => HTMLElement | null | undefined>();

/** Records where the layer whose content is `content` returns focus to. */
export function registerLayer(content: Element, opener: () => HTMLElement | null | undefined) {
  layerOpeners.set(content, opener);
}

/**
 * What stands in for an element removed from the page: the successor a list named for it or an
 * ancestor, or, for an element of a closed layer, where that layer returns focus.
 */
function standInFor(element: Element, depth = 0): HTMLElement | null {
  if (depth > 8) return null;
  for (let node: Element | null = element; node; node = node.parentElement) {
    const successor = successors.get(node)?.();
    if (isAvailable(successor)) return successor;
    const layerOpener = layerOpeners.get(node)?.();
    if (layerOpener)
      return isAvailable(layerOpener) ? layerOpener : standInFor(layerOpener, depth + 1);
  }
  return null;
}

/**
 * Focuses the first of `openers` still on the page; when none is, what stands in for the first
 * one (the next card of a list it was removed from), else `fallback`. Returns whether focus moved.
 */
export function restoreFocus(
  openers: readonly (HTMLElement | null | undefined)[],
  fallback?: ReturnFocusTarget,
): boolean {
  let target = openers.find(isAvailable) ?? null;
  if (!target) {
    const first = openers.find((opener): opener is HTMLElement => Boolean(opener));
    target = first ? standInFor(first) : null;
  }
  if (!target) {
    const given = typeof fallback === 'function' ? fallback() : fallback;
    target = isAvailable(given) ? given : null;
  }
  if (!target) return false;
  focusElement(target);
  return target.ownerDocument.activeElement === target;
}

/** Focuses an element, making it programmatically focusable first when it is not (a card). */
export function focusElement(element: HTMLElement) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
}

/** Whether focus has been lost: nothing, or only <body>, holds it. */
export function focusIsLost(document: Document = globalThis.document): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/**
 * Records the opener in `opener` as the component calling it mounts. Called by a part rendered
 * first inside a layer's content: its layout effect runs before a later child's `autoFocus` and
 * before Radix moves focus into the layer.
 */
export function useCaptureOpener(opener: RefObject<HTMLElement | null>) {
  useClientLayoutEffect(() => {
    opener.current = captureOpener();
  }, [opener]);
}
