import { expect, test } from '@playwright/test';
import { registerMember, uniqueAddress } from './members';
import { linkTo, waitForMail } from './outbox';
import { COLOR_SCHEME, screenshot } from './screenshots';

test.use({ colorScheme: COLOR_SCHEME });

test('a forgotten password is reset from the mailed link, and only the new one signs in', async ({
  page,
  request,
}, testInfo) => {
  const member = await registerMember(request, 'Forgetful');
  const newPassword = 'a-brand-new-password';
  // Its own client address, so the hourly reset and sign-in limits of other tests never apply.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent a link' })).toHaveText(
    'If an account exists for that email, we sent a link to reset its password.',
  );
  await screenshot(page, 'reset-requested', testInfo);

  const mail = await waitForMail(member.email, 'Reset your Whisp password');
  const link = linkTo(mail, '/reset-password');
  expect(link).toMatch(/^\/reset-password\?token=[^&]+$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The sign-up rules and messages.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, 'reset-password-rules', testInfo);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. Please sign in.',
  );

  // The old password no longer works.
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
  ).toBeVisible();

  // The link worked once: used again, the server's answer and a way to ask for a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  await page.getByLabel('Confirm new password').fill('yet-another-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await screenshot(page, 'reset-link-invalid', testInfo);
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // The new password signs in.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();
});

test('a reset page without a token, or with a made-up one, offers a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');

  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('a-long-password');
  await page.getByLabel('Confirm new password').fill('a-long-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
  await expect(page.getByRole('button', { name: 'Request a new link' })).toBeVisible();
});
