import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user gets there, and fails
 * after `most` presses. Returns how many it took.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { most = 40, backwards = false }: { most?: number; backwards?: boolean } = {},
): Promise<number> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with at most ${most} presses of Tab`).toBeFocused();
  return most;
}

/** Presses `key` (an arrow, in a menu or a tab list) until `target` has focus. */
export async function arrowTo(page: Page, target: Locator, key = 'ArrowDown', most = 12) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with at most ${most} presses of ${key}`).toBeFocused();
}

/**
 * The focused element is on screen and no sticky or fixed bar (a page header, a tab bar, the
 * phone's bottom bar and compose button; not a passing toast) covers any of it: WCAG 2.2 Focus Not Obscured. Checked
 * against every sticky and fixed element's box, not only the ones the app has today.
 */
export async function expectFocusNotObscured(page: Page): Promise<void> {
  const problem = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'nothing has focus';
    const box = focused.getBoundingClientRect();
    // Layout gives fractions of a pixel: a hair's overlap is no cover.
    const tolerance = 1;
    const offScreen =
      box.top < -tolerance ||
      // An element taller than the screen (a whole report) shows from its top.
      (box.height <= window.innerHeight && box.bottom > window.innerHeight + tolerance);
    if (offScreen) {
      return `${focused.outerHTML.slice(0, 80)} is off screen (${box.top}..${box.bottom} of ${window.innerHeight})`;
    }
    for (const element of document.querySelectorAll('body *')) {
      // The bar the focused element is in (a header's own button) does not hide it.
      if (element.contains(focused) || focused.contains(element)) continue;
      // Toasts are not bars: they go by themselves in seconds and Escape or F8 reaches them, which
      // WCAG 2.4.11 leaves out (content the person can dismiss without moving focus).
      if (element.closest('[data-focus-layer]')) continue;
      // Nor are tooltips and popovers (Radix's positioned layers): a tooltip of the button just
      // left may still be fading over the next stop, and Escape dismisses any of them in place.
      if (element.closest('[data-radix-popper-content-wrapper]')) continue;
      const { position, visibility } = getComputedStyle(element);
      if ((position !== 'sticky' && position !== 'fixed') || visibility === 'hidden') continue;
      const bar = element.getBoundingClientRect();
      const overlap =
        Math.min(bar.right, box.right) - Math.max(bar.left, box.left) > tolerance &&
        Math.min(bar.bottom, box.bottom) - Math.max(bar.top, box.top) > tolerance;
      if (overlap) {
        return `${focused.outerHTML.slice(0, 80)} (${box.top}..${box.bottom}) is under ${element.outerHTML.slice(0, 80)} (${bar.top}..${bar.bottom})`;
      }
    }
    return null;
  });
  expect(problem).toBeNull();
}
