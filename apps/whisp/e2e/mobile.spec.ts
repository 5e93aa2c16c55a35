import { expect, test } from '@playwright/test';
import { registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

// A phone-sized window in every project: the bottom bar is what phones navigate with.
test.use({ viewport: { width: 390, height: 844 } });

test(
  'on a phone the bottom bar replaces the side navigation and opens the composer',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const member = await registerMember(request, 'Radia');
    await signIn(page, member);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar).toHaveCount(1);
    for (const name of ['Home', 'Explore', 'Messages', 'Profile']) {
      await expect(bar.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Bookmarks' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Trends and suggestions' })).toBeHidden();

    await bar.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: member.displayName }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Whisper' }).click();
    await expect(page.getByRole('dialog', { name: 'New Whisp' })).toBeVisible();

    // On phones the Notifications tab of the feed stays in the feed.
    await page.keyboard.press('Escape');
    await bar.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Settings and signing out stay reachable without the side navigation.
    await bar.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  },
);
