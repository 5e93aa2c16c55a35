import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

// A 1×1 PNG: enough for the server to recognise an image from its bytes.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a click on a whisp opens its thread', async ({ page, request }) => {
  const member = await registerMember(request, 'Barbara');
  const text = `Abstraction is the key ${Date.now()}`;
  const whisp = await postWhisp(request, member, text);
  await signIn(page, member, '/profile');
  await page.getByText(text).click();
  await expect(page).toHaveURL(new RegExp(`/whisp/${whisp.id}$`));
  await expect(page.getByText('No replies yet', { exact: true })).toBeVisible();
});

test(
  'reply settings chosen in the composer are kept, and closed buttons say why',
  PHONE_JOURNEY,
  async ({ page, request, browser }) => {
    const author = await registerMember(request, 'Frances');
    const reader = await registerMember(request, 'Jean');
    await signIn(page, author);
    await page.getByRole('button', { name: 'Whisper' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Whisp' });
    const text = `Quiet thoughts, no replies please ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'What’s happening?' }).fill(text);
    await dialog.getByLabel('Who can reply').selectOption({ label: 'Only you' });
    await dialog.getByLabel('Allow rewhisps').uncheck();
    await dialog.getByRole('button', { name: 'Whisper' }).click();
    await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, reader, `/user/${author.username}`);
    const card = other.getByRole('article').filter({ hasText: text });
    await card.getByRole('button', { name: /^Reply/ }).click();
    await expect(
      other.getByText(`Only @${author.username} can reply to this whisp`, { exact: true }),
    ).toBeVisible();
    await expect(other.getByRole('dialog', { name: 'Reply' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Rewhisp/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await context.close();
  },
);

test('an attached image uploads and appears with the whisp', async ({ page, request }) => {
  const member = await registerMember(request, 'Vera');
  await signIn(page, member);
  await page.getByRole('button', { name: 'Whisper' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Whisp' });
  // The attach button's input (the GIF button has one of its own).
  await dialog.locator('input[type="file"]').first().setInputFiles({
    name: 'dot.png',
    mimeType: 'image/png',
    buffer: pixel,
  });
  const attached = dialog.getByRole('list', { name: 'Attached media' });
  await expect(attached.getByRole('img', { name: 'dot.png' })).toBeVisible();
  await expect(attached.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Whisper' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: member.displayName }).first();
  await expect(card.getByRole('button', { name: 'Open image 1 of 1' })).toBeVisible();
});

test('Report content sends a report to the moderators', async ({ page, request }) => {
  const author = await registerMember(request, 'Spam');
  const reader = await registerMember(request, 'Careful');
  const text = `Buy followers now ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);
  await signIn(page, reader, `/whisp/${whisp.id}`);
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Report content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await dialog.getByLabel('Spam').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText('Thanks. Your report was sent to our moderators.', { exact: true }),
  ).toBeVisible();
});
