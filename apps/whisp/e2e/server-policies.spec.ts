import { expect, test } from '@playwright/test';
import { signIn } from './members';
import { registerModerator } from './moderator';

test('a moderator suspends another server with a reason, then lifts the suspension', async ({
  page,
  request,
}) => {
  const moderator = await registerModerator(request);
  // A server nobody here has met: its own name, so tests running beside this one never share it.
  const host = `spam-${Date.now().toString(36)}.example`;

  await signIn(page, moderator, '/moderation');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(page).toHaveURL(/\?tab=servers$/);
  await expect(page.getByText('Nothing is received from it or delivered to it.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a server' });
  await expect(dialog.getByRole('textbox', { name: 'Server' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Server' }).fill(host.toUpperCase());
  await dialog.getByRole('radio', { name: /Suspend/ }).check();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Bulk accounts posting scam links.');
  await dialog.getByRole('button', { name: 'Suspend server' }).click();
  await expect(page.getByText('Server suspended', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Stored by the server, lower case: still there after a reload.
  await page.reload();
  const row = page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: host });
  await expect(row).toContainText('No members here');
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Bulk accounts posting scam links.');

  await row.getByRole('button', { name: `Lift the policy on ${host}` }).click();
  const lift = page.getByRole('dialog', { name: `Lift the policy on ${host}?` });
  await expect(lift.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await lift.getByRole('button', { name: 'Lift policy' }).click();
  await expect(page.getByText('Policy lifted', { exact: true })).toBeVisible();
  // Nobody here knows the server, so without a policy it leaves the list.
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Servers', selected: true })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Servers' })
      .or(page.getByRole('heading', { name: 'No other servers are known yet' })),
  ).toBeVisible();
  await expect(page.getByRole('listitem', { name: host })).toHaveCount(0);
});
