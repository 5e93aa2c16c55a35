import { expect, type Page } from '@playwright/test';
import type { AppPage } from './pages';

/** Goes to `path` inside the app, as a link would (no new document): the router's own popstate. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The page's own heading: the one `h1` of the main region. */
export const pageHeading = (page: Page, { heading }: AppPage) =>
  page.getByRole('main').getByRole('heading', { level: 1, name: heading });

/** The page is on screen: its title, its heading, and nothing in the main region still loading. */
export async function expectPage(page: Page, appPage: AppPage): Promise<void> {
  await expect(page).toHaveTitle(appPage.title);
  await expect(pageHeading(page, appPage)).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}
