import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Member, postWhisp, registerMember, signIn, uniqueAddress } from './members';
import { COLOR_SCHEME, screenshot } from './screenshots';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs the member in elsewhere, through the API, as that browser would. */
async function signInElsewhere(request: APIRequestContext, member: Member, password: string) {
  const response = await request.post('/api/auth/login', {
    headers: { 'User-Agent': IPHONE_SAFARI, 'X-Forwarded-For': uniqueAddress() },
    data: { email: member.email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token as string;
}

async function statusOf(request: APIRequestContext, token: string) {
  return (
    await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })
  ).status();
}

test.use({ colorScheme: COLOR_SCHEME });

test('sessions: another device is listed and signed out; a password change ends the others', async ({
  page,
  request,
}, testInfo) => {
  const member = await registerMember(request, 'Traveller');
  const phoneToken = await signInElsewhere(request, member, member.password);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
  await signIn(page, member, '/settings');

  const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
  // The API registration, the phone and this browser (which reuses the registration's token).
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  const phone = sessions.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
  await expect(phone).toContainText('Last used now');
  await screenshot(
    page.getByRole('region', { name: 'Where you’re signed in' }),
    'settings-sessions',
    testInfo,
  );

  await phone.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expect(phone).toHaveCount(0);
  await expect(page.getByText('Signed out Safari on iOS', { exact: true })).toBeVisible();
  expect(await statusOf(request, phoneToken)).toBe(401);

  // Change password: a wrong current one is refused under its field.
  const otherToken = await signInElsewhere(request, member, member.password);
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('a-changed-password');
  await password.getByLabel('Confirm new password').fill('a-changed-password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Current password is incorrect')).toBeVisible();
  await screenshot(password, 'settings-password-error', testInfo);

  await password.getByLabel('Current password').fill(member.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText('Your password has been changed.');
  await expect(password.getByLabel('Current password')).toHaveValue('');
  // The other session ended; this one stays.
  expect(await statusOf(request, otherToken)).toBe(401);
  expect(await statusOf(request, member.token)).toBe(200);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // Ending this browser's own session signs out here.
  await sessions.getByRole('button', { name: /this device/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await statusOf(request, member.token)).toBe(401);
});

test('moving here: an export is imported with a summary, again adds nothing, and a damaged file is refused', async ({
  page,
  request,
}, testInfo) => {
  const leaving = await registerMember(request, 'Mover');
  await postWhisp(request, leaving, 'Written on the old server');
  await postWhisp(request, leaving, 'And a second one');
  const exported = await request.get('/api/users/me/export', {
    headers: { Authorization: `Bearer ${leaving.token}` },
  });
  expect(exported.status()).toBe(200);
  const archive = await exported.body();

  const arriving = await registerMember(request, 'Arrival');
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
  await signIn(page, arriving, '/settings');
  const yourData = page.getByRole('region', { name: 'Your data' });
  // The picker opens from the one visible control; the input behind it is not a second one.
  const chooseFile = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await yourData.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles(file);
  };
  await expect(yourData.getByRole('button', { name: 'Whisp export to import' })).toHaveCount(0);
  await expect(yourData.locator('input[type="file"]')).toBeHidden();

  await chooseFile({
    name: 'whisp-mover.zip',
    mimeType: 'application/zip',
    buffer: archive,
  });
  const summary = yourData.getByRole('region', { name: 'Imported whisp-mover.zip' });
  await expect(summary).toContainText('Whisps2');
  await screenshot(yourData, 'settings-import-summary', testInfo);

  // The same archive again: nothing is added twice.
  await chooseFile({
    name: 'whisp-mover.zip',
    mimeType: 'application/zip',
    buffer: archive,
  });
  await expect(summary.getByText(/Nothing new to import/)).toBeVisible();

  // A damaged archive: the server's words, shown as an error.
  await chooseFile({
    name: 'broken.zip',
    mimeType: 'application/zip',
    buffer: archive.subarray(0, Math.floor(archive.length / 2)),
  });
  await expect(yourData.getByRole('alert')).toHaveText(
    'This file is not a Whisp export, or it is damaged. Nothing was imported.',
  );
  await expect(yourData.getByRole('progressbar', { name: 'Uploading broken.zip' })).toBeVisible();
  await screenshot(yourData, 'settings-import-error', testInfo);

  // The imported whisps are the member's now.
  await page.goto('/profile');
  await expect(page.getByText('Written on the old server')).toBeVisible();
});
