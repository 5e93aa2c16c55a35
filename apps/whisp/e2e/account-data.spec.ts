import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn, uniqueAddress } from './members';
import { COLOR_SCHEME, screenshot } from './screenshots';

test.use({ colorScheme: COLOR_SCHEME });

/** The names of a zip's entries, from its central directory (no unzip library in the app). */
function zipEntryNames(zip: Buffer): string[] {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(endOfDirectory, 'a zip ends with its directory record').toBeGreaterThan(0);
  const count = zip.readUInt16LE(endOfDirectory + 10);
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

test('a member downloads their data as a zip, deletes the account, and the email signs up again', async ({
  page,
  request,
}, testInfo) => {
  const member = await registerMember(request, 'Leaver');
  await postWhisp(request, member, 'Taking this one with me');
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
  await signIn(page, member, '/settings');

  // Download your data: the browser's download, with the progress bar done.
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await expect(
    yourData.getByRole('progressbar', { name: 'Downloading your data' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(yourData.getByRole('status')).toContainText(download.suggestedFilename());
  await screenshot(yourData, 'settings-download-done', testInfo);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const names = zipEntryNames(zip);
  expect(names).toContain('account.json');
  expect(names).toContain('whisps.json');

  // Delete account: a wrong password is refused in the dialog, the right one deletes.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('list', { name: 'You will lose:' })).toBeVisible();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await screenshot(page, 'delete-account-dialog', testInfo);
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');
  await screenshot(page, 'account-deleted-sign-in', testInfo);
  expect(await page.evaluate(() => localStorage.getItem('whisp.token'))).toBeNull();
  // The old token is dead on the server.
  const me = await request.get('/api/users/me', {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(me.status()).toBe(401);

  // The email and username are free again.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Display name').fill(member.displayName);
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('another-long-password');
  await page.getByLabel('Confirm password').fill('another-long-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();
});
