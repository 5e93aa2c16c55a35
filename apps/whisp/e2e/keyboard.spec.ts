import { expect, type Page, test } from '@playwright/test';
import { arrowTo, expectFocusNotObscured, tabTo } from './focus';
import { type Member, postWhisp, registerMember, signIn } from './members';
import { registerModerator } from './moderator';
import { PHONE_JOURNEY } from './phone';

async function follow(request: Parameters<typeof registerMember>[0], from: Member, to: Member) {
  const response = await request.post(`/api/users/${to.id}/follow`, {
    headers: { Authorization: `Bearer ${from.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The Undo of the toast saying `message` (an earlier toast may still show its own). */
const undoIn = (page: Page, message: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: message })
    .getByRole('button', { name: 'Undo' });

/** The focused element, checked to be a card of the feed (not <body>, not gone). */
async function expectFocusOnCard(page: Page, text: string) {
  const card = page.getByRole('article').filter({ hasText: text });
  await expect
    .poll(() => card.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expectFocusNotObscured(page);
}

test(
  'keyboard only in the feed: reply, mute with Undo, block after a confirmation, focus never lost',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const [viewer, loud, calm] = await Promise.all([
      registerMember(request, 'Keys'),
      registerMember(request, 'Loud'),
      registerMember(request, 'Calm'),
    ]);
    await Promise.all([follow(request, viewer, loud), follow(request, viewer, calm)]);
    const stamp = Date.now();
    // Newest first in the feed: the loud member's whisp on top, the calm one's next, more below
    // so the page scrolls under its sticky header.
    for (let n = 1; n <= 4; n++) await postWhisp(request, calm, `Older calm whisp ${n} ${stamp}`);
    const calmText = `A quiet walk this morning ${stamp}`;
    const loudText = `Yet another hot take ${stamp}`;
    await postWhisp(request, calm, calmText);
    await postWhisp(request, loud, loudText);

    await signIn(page, viewer, '/');
    await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('tab', { name: 'For you' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Following', selected: true })).toBeFocused();
    const loudCard = page.getByRole('article').filter({ hasText: loudText });
    await expect(loudCard).toBeVisible();

    // Reply: Escape and Close both give focus back to the card's Reply button.
    const reply = page
      .getByRole('article')
      .filter({ hasText: calmText })
      .getByRole('button', { name: /^Reply/ });
    await tabTo(page, reply);
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reply).toBeFocused();
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(reply).toBeFocused();
    // Back up the page: each stop clear of the sticky header (and the bottom bar on phones).
    for (let stop = 0; stop < 4; stop++) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusNotObscured(page);
    }

    // Mute from the menu: Undo has focus, and undoes it; focus stays on a card.
    const more = loudCard.getByRole('button', { name: 'More options' });
    await tabTo(page, more, { backwards: true });
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: `Mute @${loud.username}` }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Muted @${loud.username}`, { exact: true })).toBeVisible();
    await expect(undoIn(page, `Muted @${loud.username}`)).toBeFocused();
    await expectFocusNotObscured(page);
    await expect(loudCard).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Unmuted @${loud.username}`, { exact: true })).toBeVisible();
    await expect(loudCard).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('article') !== null))
      .toBe(true);
    await expectFocusNotObscured(page);

    // Block asks first; Cancel gives focus back to the menu's trigger.
    const loudMore = loudCard.getByRole('button', { name: 'More options' });
    await tabTo(page, loudMore, { backwards: true });
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: `Block @${loud.username}` }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Block @${loud.username}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(loudMore).toBeFocused();
    await expectFocusNotObscured(page);
    // Confirmed: blocked, Undo has focus.
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: `Block @${loud.username}` }));
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Block', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Blocked @${loud.username}`, { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(undoIn(page, `Blocked @${loud.username}`)).toBeFocused();
    await expectFocusNotObscured(page);
    // The author's whisps leave the feed; dismissing the toast sends focus to the next card.
    await expect(loudCard).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectFocusOnCard(page, calmText);
  },
);

test(
  'keyboard only: unblocking in Settings and resolving a report keep focus in their lists',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const [moderator, first, second, author] = await Promise.all([
      registerModerator(request),
      registerMember(request, 'First'),
      registerMember(request, 'Second'),
      registerMember(request, 'Reported'),
    ]);
    for (const member of [first, second]) {
      const blocked = await request.post(`/api/users/${member.id}/block`, {
        headers: { Authorization: `Bearer ${moderator.token}` },
      });
      expect(blocked.ok(), await blocked.text()).toBe(true);
    }
    const stamp = Date.now();
    const details = [`First report ${stamp}`, `Second report ${stamp}`];
    for (const detail of details) {
      const whisp = await postWhisp(request, author, `Reported whisp: ${detail}`);
      const reported = await request.post(`/api/posts/${whisp.id}/report`, {
        headers: { Authorization: `Bearer ${moderator.token}` },
        data: { reason: 'spam', details: detail },
      });
      expect(reported.ok(), await reported.text()).toBe(true);
    }

    // Settings: Unblock gives focus to the next row's Unblock, then to the list's heading.
    await signIn(page, moderator, '/settings');
    const blockedList = page.getByRole('list', { name: 'Blocked members' });
    const unblockFirst = blockedList.getByRole('button', { name: `Unblock @${first.username}` });
    const unblockSecond = blockedList.getByRole('button', { name: `Unblock @${second.username}` });
    await expect(unblockSecond).toBeVisible();
    // Whichever comes first in the list is unblocked first; the other then has focus.
    const [top, next] = (await unblockFirst.evaluate(
      (element, other) => Boolean(other && element.compareDocumentPosition(other) & 4),
      await unblockSecond.elementHandle(),
    ))
      ? [unblockFirst, unblockSecond]
      : [unblockSecond, unblockFirst];
    await tabTo(page, top, { most: 120 });
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    await expect(next).toBeFocused();
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Blocked members' })).toBeFocused();

    // Moderation: Cancel gives focus back to the action's button; a dismissed report hands it
    // to the report that takes its place.
    await page.goto('/moderation');
    const report = page.getByRole('article').filter({ hasText: details[0] });
    const dismiss = report.getByRole('button', { name: 'Dismiss', exact: true });
    await tabTo(page, dismiss, { most: 200 });
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    await expect(report.getByRole('textbox', { name: /Note/ })).toBeFocused();
    await tabTo(page, report.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(dismiss).toBeFocused();
    await expectFocusNotObscured(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Not spam.');
    await tabTo(page, report.getByRole('button', { name: 'Dismiss report' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
    await expect(report).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.tagName === 'ARTICLE' && active.getAttribute('data-status');
        }),
      )
      .toBe('open');
    await expectFocusNotObscured(page);
  },
);
