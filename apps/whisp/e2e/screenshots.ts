import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

// Set E2E_SCREENSHOTS_DIR to a folder to keep pictures of the account screens (not used by CI),
// and E2E_COLOR_SCHEME=dark for the dark theme: the app reads the system's scheme once, at start.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;
export const COLOR_SCHEME: 'light' | 'dark' =
  process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light';

/** Saves `<name>-<project>-<scheme>.png` of the page (or one element) when asked to. */
export async function screenshot(
  target: Page | Locator,
  name: string,
  testInfo: TestInfo,
): Promise<void> {
  if (!SCREENSHOTS) return;
  // The pictures show a 390 px phone (an iPhone's width), a little narrower than the project's.
  const page = 'page' in target ? target.page() : target;
  if (testInfo.project.name === 'phone' && page.viewportSize()?.width !== 390) {
    await page.setViewportSize({ width: 390, height: 844 });
  }
  // Centred first: scrolled only just into view, a section's title hides under the sticky header.
  if (target !== page)
    await (target as Locator).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await target.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${testInfo.project.name}-${COLOR_SCHEME}.png`),
    animations: 'disabled',
    // One pixel per CSS pixel: small files, the same picture as on a 1x screen.
    scale: 'css',
  });
}
