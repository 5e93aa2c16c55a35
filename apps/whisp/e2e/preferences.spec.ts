import { expect, test } from '@playwright/test';
import { registerMember, signIn } from './members';

test('the theme follows the system, toggles with a toast and stays after a reload', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const member = await registerMember(request, 'Dorothy');
  await signIn(page, member, '/settings');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.getByText('Switched to dark theme', { exact: true })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the support form needs a subject and description, then promises a reply', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Annie');
  await signIn(page, member, '/support/contact');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please fill in all required fields', { exact: true })).toBeVisible();

  await page.route('**/api/support', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Down', code: 'INTERNAL' } }),
  );
  await page.getByLabel('Subject *').fill('I cannot change my banner');
  await page.getByLabel('Description *').fill('The upload finishes but the old banner stays.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByText('Failed to submit support request. Please try again.', { exact: true }),
  ).toBeVisible();

  // Once the server answers, the request is stored and the 24-48 hour promise shown.
  await page.unroute('**/api/support');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/reply by email within 24-48 hours/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thanks, we got your request' })).toBeVisible();
});

test('terms and privacy state the minimum age of 13', async ({ page, request }) => {
  const member = await registerMember(request, 'Grete');
  await signIn(page, member, '/terms');
  await expect(page.getByText(/at least 13 years old/)).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText(/not for children under 13/)).toBeVisible();
});
