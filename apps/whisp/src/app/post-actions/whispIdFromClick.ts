import type { MouseEvent } from 'react';

/**
 * A click on a whisp's free space opens its thread; clicks on its links, buttons, menus and
 * media keep their own meaning, and selecting text does not navigate.
 */
export function whispIdFromClick(event: MouseEvent<HTMLElement>): string | null {
  const target = event.target as HTMLElement;
  if (
    target.closest(
      'a, button, input, textarea, select, video, iframe, [role="menuitem"], [role="dialog"]',
    )
  ) {
    return null;
  }
  if (window.getSelection()?.toString()) return null;
  // WhispCard says which whisp it shows on its article.
  return event.currentTarget.dataset.whispId ?? null;
}
