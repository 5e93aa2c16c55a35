import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Member, postWhisp, registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

async function call(request: APIRequestContext, member: Member, path: string) {
  const response = await request.post(path, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test(
  'a whisp posted from For you shows at the top of For you and Following without a reload',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const author = await registerMember(request, 'Grace');
    const member = await registerMember(request, 'Ada');
    await call(request, member, `/api/users/${author.id}/follow`);
    // A full first page of liked whisps of someone followed: For you ranks each of them above a
    // fresh whisp with no likes, so the server's own first page would not show the new one.
    for (let index = 0; index < 21; index += 1) {
      const whisp = await postWhisp(request, author, `Compilers, part ${index + 1}`);
      await call(request, member, `/api/posts/${whisp.id}/like`);
    }
    await signIn(page, member);
    const feed = page.getByRole('tabpanel');
    await expect(page.getByRole('tab', { name: 'For you' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(feed.getByRole('article').first()).toContainText('Compilers, part');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const text = `Fresh from For you ${Date.now()}`;
    await page.getByRole('button', { name: 'Whisper' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Whisp' });
    await dialog.getByRole('textbox', { name: 'What’s happening?' }).fill(text);
    await dialog.getByRole('button', { name: 'Whisper' }).click();
    await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();
    await expect(feed.getByRole('article').first()).toContainText(text);
    await expect(feed.getByRole('article').filter({ hasText: text })).toHaveCount(1);
    // What a refetch would have shown instead: the server ranks it off the first page.
    const ranked = await request.get('/api/posts/timeline', {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const firstPage: { content: string }[] = (await ranked.json()).posts;
    expect(firstPage.map((post) => post.content)).not.toContain(text);

    await page.getByRole('tab', { name: 'Following' }).click();
    await expect(feed.getByRole('article').first()).toContainText(text);
    await expect(feed.getByRole('article').filter({ hasText: text })).toHaveCount(1);
    expect(navigations).toBe(0);
  },
);

test('a reply posted in a thread shows at the end of its replies at once', async ({
  page,
  request,
}) => {
  const author = await registerMember(request, 'Barbara');
  const member = await registerMember(request, 'Frances');
  const text = `Abstraction is the key ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);
  const earlier = await request.post(`/api/posts/${whisp.id}/reply`, {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { content: 'Data first, then code.' },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  await signIn(page, member, `/whisp/${whisp.id}`);
  const replies = page.getByRole('list', { name: 'Replies' });
  await expect(replies.getByRole('article')).toHaveCount(1);

  await page
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('button', { name: /^Reply/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('And types to keep them honest.');
  // The dialog lists the earlier reply with a Reply button of its own; this one sends the form.
  await dialog.locator('form').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply posted', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(replies.getByRole('article')).toHaveCount(2);
  await expect(replies.getByRole('article').last()).toContainText('And types to keep them honest.');
});
