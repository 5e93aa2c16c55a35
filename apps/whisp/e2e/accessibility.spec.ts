import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './members';
import { expectPage, navigateInApp } from './navigation';
import { type AppPage, setUpPages } from './pages';

/** WCAG 2.2 AA: every rule of levels A and AA up to 2.2 that axe knows. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each violation as one readable line: the page, the rule, and the elements it found. */
async function violationsOn(page: Page, appPage: AppPage): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the app has no cross-origin frames for the default
  // mode's per-frame runs to gather, and that mode opens a blank page per analysis to merge them
  // (2.2-3.9 s against 1.3-1.7 s for Settings, measured side by side on a loaded machine).
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) =>
      `${appPage.path}: ${violation.id} (${violation.impact}) ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`)
        .join('\n')}`,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page passes axe's WCAG 2.2 AA rules in the ${colorScheme} theme`, async ({
    page,
    request,
  }) => {
    // Eighteen pages, each read whole by axe (1-3 s a page on a busy 2-core machine).
    test.setTimeout(180_000);
    const scene = await setUpPages(request);
    await page.emulateMedia({ colorScheme });
    const violations: string[] = [];

    for (const signedOut of scene.signedOut) {
      await page.goto(signedOut.path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await expectPage(page, signedOut);
      violations.push(...(await violationsOn(page, signedOut)));
    }
    // Signed in, page after page inside the app: one start, as a member moves around.
    const [home, ...others] = scene.signedIn as [AppPage, ...AppPage[]];
    await signIn(page, scene.viewer, home.path);
    await expect(page.getByText(scene.whispText)).toBeVisible();
    violations.push(...(await violationsOn(page, home)));
    for (const next of others) {
      await navigateInApp(page, next.path);
      await expectPage(page, next);
      violations.push(...(await violationsOn(page, next)));
    }

    expect(violations, violations.join('\n')).toEqual([]);
  });
}
