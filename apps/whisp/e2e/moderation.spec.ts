import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';
import { registerModerator } from './moderator';

test('a reported whisp is removed by a moderator with a note, and its author is told why', async ({
  browser,
  page,
  request,
}) => {
  const author = await registerMember(request, 'Spammer');
  const reporter = await registerMember(request, 'Reina');
  const moderator = await registerModerator(request);
  const text = `Buy followers cheap, link in bio ${Date.now()}`;
  const whisp = await postWhisp(request, author, text);

  // The reporter: Report content, a reason and details.
  await signIn(page, reporter, `/whisp/${whisp.id}`);
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Report content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('textbox', { name: /Details/ }).fill('Same link in every reply.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText('Thanks. Your report was sent to our moderators.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // The queue is not a member's page.
  await page.goto('/moderation');
  await expect(page).toHaveURL(/\/$/);

  // The moderator: the report in the open queue, removed with a note.
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signIn(desk, moderator, '/moderation');
  await expect(desk.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();
  const report = desk.getByRole('article').filter({ hasText: 'Same link in every reply.' });
  await expect(report).toContainText(`Reported by ${reporter.displayName}`);
  await expect(report.getByRole('article').filter({ hasText: text })).toBeVisible();
  await report.getByRole('button', { name: 'Remove whisp' }).click();
  await report.getByRole('textbox', { name: /Note/ }).fill('Advertising is not allowed here.');
  await report.getByRole('button', { name: 'Remove whisp' }).click();
  await expect(
    desk.getByText(`Whisp by @${author.username} removed`, { exact: true }),
  ).toBeVisible();
  await expect(report).toHaveCount(0);
  await desk.getByRole('tab', { name: 'Log' }).click();
  await expect(
    desk
      .getByRole('list', { name: 'Moderation log' })
      .getByRole('listitem')
      .filter({
        hasText: `removed a whisp by @${author.username}`,
      }),
  ).toContainText('Advertising is not allowed here.');
  await context.close();

  // The author: the whisp is gone, and the notice from "Whisp moderation" says what and why.
  const authorContext = await browser.newContext();
  const own = await authorContext.newPage();
  await signIn(own, author, '/notifications');
  const notice = own.getByRole('article').filter({ hasText: 'Whisp moderation' });
  await expect(notice).toContainText('Your whisp was removed by Whisp moderation for spam.');
  await expect(notice).toContainText('Advertising is not allowed here.');
  await own.goto(`/whisp/${whisp.id}`);
  await expect(own.getByRole('heading', { name: 'This whisp is gone' })).toBeVisible();
  await authorContext.close();
});

test('a reported member is suspended (the toast offers Undo; signing in is refused) and unsuspended from the log', async ({
  browser,
  page,
  request,
}) => {
  const member = await registerMember(request, 'Rude');
  const reporter = await registerMember(request, 'Ilse');
  const moderator = await registerModerator(request);
  const details = `Insults in every reply ${Date.now()}`;
  const reported = await request.post(`/api/users/${member.id}/report`, {
    headers: { Authorization: `Bearer ${reporter.token}` },
    data: { reason: 'harassment', details },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await signIn(page, moderator, '/moderation');
  const report = page.getByRole('article').filter({ hasText: details });
  await expect(report).toContainText(`@${member.username}`);
  await report.getByRole('button', { name: 'Suspend member' }).click();
  await report.getByRole('button', { name: `Suspend @${member.username}` }).click();
  await expect(page.getByText(`@${member.username} suspended`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(report).toHaveCount(0);

  // Suspended: signing in is refused with the contract's message.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/auth');
  await other.getByLabel('Email').fill(member.email);
  await other.getByLabel('Password', { exact: true }).fill(member.password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    other.getByRole('alert').filter({ hasText: 'This account has been suspended.' }).first(),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Log' }).click();
  await page.getByRole('button', { name: `Unsuspend @${member.username}` }).click();
  await expect(
    page.getByText(`@${member.username} can sign in again`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Unsuspend @${member.username}` })).toHaveCount(0);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/$/);
  await context.close();
});
