import { expect, test } from '@playwright/test';
import { registerMember, signIn, uniqueAddress } from './members';

test('sign-up shows every validation message, then creates the account and opens the feed', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();

  const suffix = Date.now().toString(36);
  await page.getByLabel('Display name').fill('Ada Tester');
  await page.getByLabel('Username').fill('ada tester!');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Username can only contain letters, numbers, and underscores'),
  ).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // A field's error clears as soon as the field is edited.
  await page.getByLabel('Username').fill(`ada_${suffix}`);
  await expect(
    page.getByText('Username can only contain letters, numbers, and underscores'),
  ).toHaveCount(0);

  await page.getByLabel('Email').fill(`ada_${suffix}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();
});

test('a wrong password shows the server’s message; the right one signs in, and logout signs out', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Grace');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
  ).toBeVisible();

  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();

  // Signed in, /auth leads home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/some/unknown/path');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('whisp.token'))).toBeNull();
  // The old session is dead on the server too: a protected page sends us back to sign in.
  await page.goto('/bookmarks');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an invalid stored token is removed and the visitor sent to sign in', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('whisp.token', 'not-a-real-token'));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Whisp' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('whisp.token'))).toBeNull();
});

test('signed-in pages wait for the token check', async ({ page, request }) => {
  const member = await registerMember(request, 'Linus');
  // The token check is held until the waiting screen has been seen: the app starts it together
  // with /health, so a fixed delay could end before the health gate lets the page render.
  let answerTokenCheck = () => {};
  const tokenCheckAnswered = new Promise<void>((resolve) => {
    answerTokenCheck = resolve;
  });
  await page.route('**/api/users/me', async (route) => {
    await tokenCheckAnswered;
    await route.continue();
  });
  await signIn(page, member, '/bookmarks');
  await expect(page.getByText('Checking authentication...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookmarks' })).toHaveCount(0);

  answerTokenCheck();
  await expect(page.getByRole('heading', { name: 'Bookmarks' })).toBeVisible();
});
