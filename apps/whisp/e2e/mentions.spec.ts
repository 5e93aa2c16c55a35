import { expect, type Page, request as requestFor, test } from '@playwright/test';
import { type Member, postWhisp, registerMember, signIn } from './members';
import { screenshot } from './screenshots';

// Mention suggestions in the composer (issue 35) and the reply dialog, on the built app and the
// real server: `@` and the start of a name offers members from the server's search; a whole
// handle of another server ("south", started beside this one by playwright.config.ts) is looked
// up there. The member is picked with the keyboard, and the whisp posted names them: a link, and
// a mention the server recorded.

const southUrl = `http://127.0.0.1:${process.env.E2E_SOUTH_PORT}`;

async function openComposer(page: Page) {
  await page.getByRole('button', { name: 'Whisper' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Whisp' });
  await expect(dialog).toBeVisible();
  return { dialog, box: dialog.getByRole('textbox', { name: 'What’s happening?' }) };
}

/** The author's newest whisp as the API gives it: what the server made of the text. */
async function newestWhispOf(page: Page, author: Member) {
  const response = await page.request.get(`/api/users/${author.id}/posts`, {
    headers: { Authorization: `Bearer ${author.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { posts } = (await response.json()) as {
    posts: { content: string; mentions: string[] }[];
  };
  const newest = posts[0];
  if (!newest) throw new Error(`${author.username} has no whisp`);
  return newest;
}

test('mention a member of this server picked from the suggestions with the keyboard', async ({
  page,
}, testInfo) => {
  const author = await registerMember(page.request, 'Writer');
  // Two members whose usernames start alike (`quill_…`): the list offers both, in username order
  // (neither has followers), and the arrow keys choose between them.
  const quills = [
    await registerMember(page.request, 'Quill'),
    await registerMember(page.request, 'Quill'),
  ].sort((a, b) => a.username.localeCompare(b.username));
  const chosen = quills[1] as Member;
  await signIn(page, author);

  const { dialog, box } = await openComposer(page);
  await box.pressSequentially('Lunch tomorrow? @quil');
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  const options = list.getByRole('option');
  await expect(options).toHaveCount(2);
  await screenshot(page, 'composer-mention-suggestions', testInfo);
  await expect(options.first()).toContainText(`@${quills[0]?.username}`);
  await box.press('ArrowDown');
  const option = options.filter({ hasText: chosen.displayName });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await option.getAttribute('id')) ?? '',
  );
  await box.press('Enter');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`Lunch tomorrow? @${chosen.username} `);
  await box.pressSequentially('at noon');
  await dialog.getByRole('button', { name: 'Whisper' }).click();
  await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();

  const text = `Lunch tomorrow? @${chosen.username} at noon`;
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card.getByRole('link', { name: `@${chosen.username}` })).toHaveAttribute(
    'href',
    `/user/${chosen.username}`,
  );
  const posted = await newestWhispOf(page, author);
  expect(posted).toMatchObject({ content: text, mentions: [chosen.username] });
});

test('mention a member of another server this one has not met, by their whole handle', async ({
  page,
}, testInfo) => {
  const south = await requestFor.newContext({ baseURL: southUrl });
  const far = await registerMember(south, 'Faraway');
  await south.dispose();
  const author = await registerMember(page.request, 'Writer');
  const handle = `${far.username}@${new URL(southUrl).host}`;
  await signIn(page, author);

  const { dialog, box } = await openComposer(page);
  await box.pressSequentially(`Say hello to @${handle}`);
  // Not in this server's search: the handle is looked up, which fetches the member from south.
  const option = page
    .getByRole('listbox', { name: 'Members to mention' })
    .getByRole('option', { name: `${far.displayName} @${handle}` });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'composer-mention-remote', testInfo);
  await box.press('Tab');
  await expect(box).toHaveValue(`Say hello to @${handle} `);
  await dialog.getByRole('button', { name: 'Whisper' }).click();
  await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: `Say hello to @${handle}` });
  await expect(card.getByRole('link', { name: `@${handle}` })).toHaveAttribute(
    'href',
    `/user/${encodeURIComponent(handle)}`,
  );
  const posted = await newestWhispOf(page, author);
  expect(posted.mentions).toEqual([handle]);

  // Known to this server now: its member search offers them for their username alone.
  const again = await openComposer(page);
  await again.box.pressSequentially(`@${far.username}`);
  await expect(
    page
      .getByRole('listbox', { name: 'Members to mention' })
      .getByRole('option', { name: `${far.displayName} @${handle}` }),
  ).toBeVisible();
});

test('mention a member in a reply, picked from the suggestions with the keyboard', async ({
  page,
}) => {
  const author = await registerMember(page.request, 'Alan');
  const replier = await registerMember(page.request, 'Joan');
  const mentioned = await registerMember(page.request, 'Echo');
  const text = `Who should review the proof? ${Date.now()}`;
  const whisp = await postWhisp(page.request, author, text);
  await signIn(page, replier, `/whisp/${whisp.id}`);

  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: /^Reply/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  const box = dialog.getByRole('textbox', { name: 'Your reply' });
  await expect(box).toBeFocused();
  // The start of their username: unique to this test, so the list offers them alone.
  await box.pressSequentially(`Ask @${mentioned.username.slice(0, -3)}`);
  const option = page
    .getByRole('listbox', { name: 'Members to mention' })
    .getByRole('option', { name: `${mentioned.displayName} @${mentioned.username}` });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await option.getAttribute('id')) ?? '',
  );
  await box.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Members to mention' })).toBeHidden();
  await expect(box).toHaveValue(`Ask @${mentioned.username} `);
  await box.pressSequentially('first');
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply posted', { exact: true })).toBeVisible();

  const response = await page.request.get(`/api/posts/${whisp.id}/replies`, {
    headers: { Authorization: `Bearer ${replier.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { posts } = (await response.json()) as {
    posts: { content: string; mentions: string[] }[];
  };
  expect(posts).toEqual([
    expect.objectContaining({
      content: `Ask @${mentioned.username} first`,
      mentions: [mentioned.username],
    }),
  ]);
});
