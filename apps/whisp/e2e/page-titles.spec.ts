import { expect, test } from '@playwright/test';
import { signIn } from './members';
import { expectPage, navigateInApp, pageHeading } from './navigation';
import { type AppPage, setUpPages } from './pages';

test('every page has a title of its own, and going to another page focuses its heading', async ({
  page,
  request,
}) => {
  const scene = await setUpPages(request);
  const titles = new Set<string>();

  for (const signedOut of scene.signedOut) {
    await page.goto(signedOut.path);
    await expectPage(page, signedOut);
    titles.add(signedOut.title);
  }

  // The first load leaves focus where the browser puts it: the page's load is the announcement.
  const [home, ...others] = scene.signedIn as [AppPage, ...AppPage[]];
  await signIn(page, scene.viewer, home.path);
  await expectPage(page, home);
  titles.add(home.title);
  await expect(page.locator('body')).toBeFocused();

  // A link followed with the keyboard: the new page's heading has focus, once it has drawn.
  await page.keyboard.press('Tab');
  const explore = page.getByRole('link', { name: 'Explore' }).first();
  await explore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeFocused();

  for (const next of others) {
    await navigateInApp(page, next.path);
    await expectPage(page, next);
    await expect(pageHeading(page, next), `${next.path}: its heading has focus`).toBeFocused();
    titles.add(next.title);
  }
  expect(titles.size, [...titles].join(' | ')).toBe(scene.signedIn.length + scene.signedOut.length);

  // Back: the page returned to announces itself the same way.
  await page.goBack();
  const returned = others.at(-2) as AppPage;
  await expect(page).toHaveTitle(returned.title);
  await expect(pageHeading(page, returned)).toBeFocused();
});
