import { expect, test } from '@playwright/test';
import { registerMember, signIn } from './members';

const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the bio is edited with its counter and limit', async ({ page, request }) => {
  const member = await registerMember(request, 'Katalin');
  await signIn(page, member, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit bio' });
  const bio = dialog.getByRole('textbox', { name: 'Bio' });
  await bio.fill('x'.repeat(161));
  await expect(dialog.getByText('Bio must be 160 characters or less')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await bio.fill('Biochemist. Patient with proteins.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Biochemist. Patient with proteins.')).toBeVisible();
});

test('avatar and banner uploads check the file, and the banner can be repositioned', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Maryam');
  await signIn(page, member, '/profile');
  await page.getByLabel('Avatar image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Please select an image file', { exact: true })).toBeVisible();

  await page.getByLabel('Banner image').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: pixel,
  });
  await expect(page.getByText('Banner updated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reposition banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reposition banner' });
  await dialog.getByRole('group', { name: 'Banner position' }).press('ArrowUp');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Banner position saved', { exact: true })).toBeVisible();
});
