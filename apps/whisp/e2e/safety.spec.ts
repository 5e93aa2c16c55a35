import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

test('blocking from a whisp’s menu hides each member’s whisps and profile from the other', async ({
  browser,
  page,
  request,
}) => {
  const blocker = await registerMember(request, 'Hedy');
  const blocked = await registerMember(request, 'Troll');
  const stamp = Date.now();
  const theirText = `Unwanted opinions, daily ${stamp}`;
  const ownText = `Frequency hopping notes ${stamp}`;
  const theirs = await postWhisp(request, blocked, theirText);
  const own = await postWhisp(request, blocker, ownText);
  // Each follows the other, so each one's whisp is in the other's Following feed.
  for (const [from, to] of [
    [blocker, blocked],
    [blocked, blocker],
  ] as const) {
    const followed = await request.post(`/api/users/${to.id}/follow`, {
      headers: { Authorization: `Bearer ${from.token}` },
    });
    expect(followed.ok()).toBe(true);
  }

  // The blocked member's browser shows the blocker's whisp before the block.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, blocked, `/whisp/${own.id}`);
  await expect(other.getByRole('article').filter({ hasText: ownText })).toBeVisible();

  await signIn(page, blocker, '/');
  await page.getByRole('tab', { name: 'Following' }).click();
  const card = page.getByRole('article').filter({ hasText: theirText });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Block @${blocked.username}` }).click();
  // Nothing happens before the confirmation says what a block does.
  const confirm = page.getByRole('dialog', { name: `Block @${blocked.username}?` });
  await expect(confirm).toContainText('They aren’t told that you blocked them.');
  // (Behind the modal dialog the page is hidden from the accessibility tree, so by its text.)
  await expect(page.getByText(theirText)).toBeAttached();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText(`Blocked @${blocked.username}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: theirText })).toHaveCount(0);

  // Their profile says who it is and what you did, with the way back, and none of their whisps.
  await page.goto(`/user/${blocked.username}`);
  await expect(page.getByText(`You blocked @${blocked.username}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Unblock @${blocked.username}` })).toBeVisible();
  await expect(page.getByText(theirText)).toHaveCount(0);
  await page.goto(`/whisp/${theirs.id}`);
  await expect(page.getByRole('heading', { name: 'This whisp is gone' })).toBeVisible();

  // The other side: the blocker's whisp and profile are gone for the blocked member too.
  await other.reload();
  await expect(other.getByRole('heading', { name: 'This whisp is gone' })).toBeVisible();
  await other.goto(`/user/${blocker.username}`);
  await expect(other.getByRole('heading', { name: 'User not found' })).toBeVisible();

  // Settings lists the block; Unblock there undoes it.
  await page.goto('/settings');
  const blockedList = page.getByRole('list', { name: 'Blocked members' });
  await expect(blockedList).toContainText(`@${blocked.username}`);
  await blockedList.getByRole('button', { name: `Unblock @${blocked.username}` }).click();
  await expect(page.getByText(`Unblocked @${blocked.username}`, { exact: true })).toBeVisible();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  await context.close();
});

test('muting from a whisp’s menu offers Undo, and muted words are added and removed in Settings', async ({
  page,
  request,
}) => {
  const muter = await registerMember(request, 'Grete');
  const loud = await registerMember(request, 'Loud');
  const text = `Yet another hot take ${Date.now()}`;
  const calm = `A quiet walk this morning ${Date.now()}`;
  await postWhisp(request, loud, text);
  await postWhisp(request, loud, calm);
  await request.post(`/api/users/${loud.id}/follow`, {
    headers: { Authorization: `Bearer ${muter.token}` },
  });

  await signIn(page, muter, '/');
  await page.getByRole('tab', { name: 'Following' }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${loud.username}` }).click();
  await expect(page.getByText(`Muted @${loud.username}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Unmuted @${loud.username}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

  await page.goto('/settings');
  const field = page.getByRole('textbox', { name: 'Word, phrase or #hashtag' });
  await field.fill('hot take');
  await page.getByRole('button', { name: 'Mute word' }).click();
  await expect(page.getByRole('list', { name: /muted words/ })).toContainText('hot take');
  await expect(field).toHaveValue('');
  await page.goto('/');
  await page.getByRole('tab', { name: 'Following' }).click();
  // The whisp without the word shows: the feed has loaded, and left the other one out.
  await expect(page.getByRole('article').filter({ hasText: calm })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Remove muted word hot take' }).click();
  await expect(page.getByText('You have not muted any words.')).toBeVisible();
});

test(
  'from a profile: report the member, then block them and unblock from the notice',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const member = await registerMember(request, 'Vera');
    const other = await registerMember(request, 'Noisy');
    await signIn(page, member, `/user/${other.username}`);
    const more = page.getByRole('button', { name: `More actions for @${other.username}` });

    await more.click();
    await page.getByRole('menuitem', { name: `Report @${other.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report @${other.username}` });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose the reason that fits best.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(
      page.getByText('Thanks. Your report was sent to our moderators.', { exact: true }),
    ).toBeVisible();

    await more.click();
    await page.getByRole('menuitem', { name: `Block @${other.username}` }).click();
    await page
      .getByRole('dialog', { name: `Block @${other.username}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await expect(page.getByText(`You blocked @${other.username}`)).toBeVisible();
    await expect(page.getByRole('region', { name: other.displayName })).toBeVisible();
    await page.getByRole('button', { name: `Unblock @${other.username}` }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.getByText(`You blocked @${other.username}`)).toHaveCount(0);
    // The Unblock button left with the notice: the page's heading holds focus, not <body>.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  },
);
