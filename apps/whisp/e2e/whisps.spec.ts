import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

test(
  'a member composes a whisp and sees it at the top of the feed',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const member = await registerMember(request, 'Ada');
    await signIn(page, member);

    await page.getByRole('button', { name: 'Whisper' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Whisp' });
    await expect(dialog).toBeVisible();
    // Empty whisps are refused with the spec's warning.
    await dialog.getByRole('button', { name: 'Whisper' }).click();
    await expect(dialog.getByText('Please add some content to your post')).toBeVisible();

    const text = `Testing the composer ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'What’s happening?' }).fill(text);
    await dialog.getByRole('button', { name: 'Whisper' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  },
);

test('the n key opens the composer, but not while typing in a field', async ({ page, request }) => {
  const member = await registerMember(request, 'Noor');
  await signIn(page, member, '/search');
  const search = page.getByRole('searchbox');
  await search.click();
  await search.press('n');
  await expect(search).toHaveValue('n');
  await expect(page.getByRole('dialog', { name: 'New Whisp' })).toHaveCount(0);

  await page.getByRole('heading', { name: 'Search', exact: true, level: 1 }).click();
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: 'New Whisp' })).toBeVisible();
});

test('like, rewhisp and bookmark change after the server agrees, with their toasts', async ({
  page,
  request,
}) => {
  const author = await registerMember(request, 'Katherine');
  const reader = await registerMember(request, 'Mary');
  const text = `Orbital mechanics, explained simply ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);
  await signIn(page, reader, `/whisp/${whisp.id}`);
  const card = page.getByRole('article').filter({ hasText: text });

  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText('Post liked!', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Unlike/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card.getByRole('button', { name: /^Unlike\W+1$/ })).toBeVisible();
  await card.getByRole('button', { name: /^Unlike/ }).click();
  await expect(page.getByText('Removed like', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Like/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await card.getByRole('button', { name: /^Rewhisp/ }).click();
  await expect(page.getByText('Post rewhisped!', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Undo rewhisp/ })).toBeVisible();
  await card.getByRole('button', { name: /^Undo rewhisp/ }).click();
  await expect(page.getByText('Removed rewhisp', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText('Added to bookmarks', { exact: true })).toBeVisible();
  await page.goto('/bookmarks');
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
});

test('a refused like keeps the heart as it was and says so', async ({ page, request }) => {
  const author = await registerMember(request, 'Hedy');
  const reader = await registerMember(request, 'Barbara');
  const text = `Frequency hopping ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);
  await page.route('**/api/posts/*/like', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Boom', code: 'INTERNAL' } }),
  );
  await signIn(page, reader, `/whisp/${whisp.id}`);
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText('Failed to like post', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Like/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('replies are posted from the comment dialog and listed there and in the thread', async ({
  page,
  request,
}) => {
  const author = await registerMember(request, 'Alan');
  const reader = await registerMember(request, 'Joan');
  const text = `Can machines think? ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);
  await signIn(page, reader, `/whisp/${whisp.id}`);

  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: /^Reply/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await expect(dialog.getByText('No replies yet. Be the first to reply.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('They can certainly surprise us.');
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply posted', { exact: true })).toBeVisible();
  await expect(dialog.getByText('They can certainly surprise us.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('list', { name: 'Replies' }).getByText('They can certainly surprise us.'),
  ).toBeVisible();
});

test('Delete asks first, then really deletes the whisp', async ({ page, request }) => {
  const member = await registerMember(request, 'Edsger');
  const text = `Goto considered harmful ${Date.now()}`;
  await postWhisp(request, member, text);
  await signIn(page, member, '/profile');
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete whisp?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Whisp deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('You haven’t whisped yet', { exact: true })).toBeVisible();
});
