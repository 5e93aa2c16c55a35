import { expect, test } from '@playwright/test';
import { registerMember, signIn } from './members';

test('a new follower’s notification arrives without a reload and is marked read', async ({
  page,
  request,
}) => {
  const reader = await registerMember(request, 'Rosa');
  const follower = await registerMember(request, 'Kurt');
  await signIn(page, reader, '/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();

  const response = await request.post(`/api/users/${reader.id}/follow`, {
    headers: { Authorization: `Bearer ${follower.token}` },
  });
  expect(response.ok()).toBe(true);

  const item = page.getByRole('article').filter({ hasText: follower.displayName });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-state', 'unread');
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveAttribute('data-state', 'read');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Notifications badge counts unread ones and Mark all read clears it', async ({
    page,
    request,
  }) => {
    const reader = await registerMember(request, 'Emmy');
    const fans = [await registerMember(request, 'Olga'), await registerMember(request, 'Sofia')];
    await signIn(page, reader, '/');
    for (const fan of fans) {
      await request.post(`/api/users/${reader.id}/follow`, {
        headers: { Authorization: `Bearer ${fan.token}` },
      });
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Notifications\W+2 unread$/ })).toBeVisible();

    // On wide screens the feed's Notifications tab leads to the notifications page.
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  });
});

test('two members hold a conversation; opening it marks the received message read', async ({
  browser,
  page,
  request,
}) => {
  const ada = await registerMember(request, 'Ada');
  const charles = await registerMember(request, 'Charles');

  await signIn(page, ada, `/user/${charles.username}`);
  await page.getByRole('button', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/messages\?c=/);
  const composer = page.getByRole('textbox', { name: `Message ${charles.displayName}` });
  await composer.fill('The engine could compose music.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('The engine could compose music.'),
  ).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, charles, '/messages');
  const conversation = other
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(ada.displayName) });
  await expect(conversation).toContainText('1');
  await conversation.click();
  await expect(
    other.getByRole('list', { name: 'Messages' }).getByText('The engine could compose music.'),
  ).toBeVisible();
  // Read on the server too: the list no longer counts it after a fresh load.
  await other.goto('/messages');
  await expect(conversation).toBeVisible();
  await expect(conversation).not.toContainText('unread');
  await conversation.click();

  await other
    .getByRole('textbox', { name: `Message ${ada.displayName}` })
    .fill('Then let us build it.');
  await other.getByRole('button', { name: 'Send' }).click();
  // Ada sees the reply arrive live in the open chat.
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Then let us build it.'),
  ).toBeVisible();
  await context.close();
});

test('without the event stream, notifications still arrive by the 30-second reload', async ({
  page,
  request,
}) => {
  const reader = await registerMember(request, 'Mae');
  const follower = await registerMember(request, 'Sally');
  await page.clock.install();
  // The stream is refused, as behind a proxy that drops event streams.
  await page.route(
    (url) => url.pathname === '/api/events',
    (route) => route.abort('connectionrefused'),
  );
  await signIn(page, reader, '/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();

  await request.post(`/api/users/${reader.id}/follow`, {
    headers: { Authorization: `Bearer ${follower.token}` },
  });
  await page.clock.runFor(10_000);
  await expect(page.getByRole('article').filter({ hasText: follower.displayName })).toHaveCount(0);
  await page.clock.runFor(25_000);
  await expect(page.getByRole('article').filter({ hasText: follower.displayName })).toBeVisible();
});
