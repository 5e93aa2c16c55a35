import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';

test('going back to the feed returns to where it was scrolled, and a new page starts at its top', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Scroller');
  for (let n = 1; n <= 14; n++) {
    await postWhisp(request, member, `Whisp number ${n}: enough of them to scroll the feed.`);
  }
  await signIn(page, member);
  await expect(page.getByText('Whisp number 1:')).toBeAttached();

  const card = page.getByRole('article').filter({ hasText: 'Whisp number 5:' });
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);

  // The author's name links to their profile, inside the app (no new document).
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await card.getByRole('link', { name: member.displayName }).click();
  await expect(page).toHaveURL(/\/(profile|user\/)/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});
