import { expect, test } from '@playwright/test';

test('a visitor who opens Whisp lands on the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Whisp' })).toBeVisible();
});

test('an unreachable server shows Connection Error, and Retry recovers once it answers', async ({
  page,
}) => {
  await page.route('**/health', (route) => route.abort('connectionrefused'));
  await page.goto('/auth');

  await expect(page.getByRole('heading', { name: 'Connection Error' })).toBeVisible();
  await expect(
    page.getByText('Unable to connect to server. Please check your connection and try again.'),
  ).toBeVisible();

  await page.unroute('**/health');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Whisp' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connection Error' })).toHaveCount(0);
});

test('every page of the app is served for deep links, not a JSON 404', async ({ request }) => {
  const response = await request.get('/auth');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
});
