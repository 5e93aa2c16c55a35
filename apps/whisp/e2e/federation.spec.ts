import { expect, request as requestFor, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';
import { screenshot } from './screenshots';

// Across two servers (issue 35): playwright.config.ts starts a second Whisp server, "south",
// beside this one; both federate over loopback. A member here follows a member of south by
// handle, sees their next whisp in Following, and their reply reaches south.
const southUrl = `http://127.0.0.1:${process.env.E2E_SOUTH_PORT}`;

test('a member follows a member of another server by handle, reads their whisp and answers it', async ({
  page,
  request,
}) => {
  const south = await requestFor.newContext({ baseURL: southUrl });
  const writer = await registerMember(south, 'Oriane');
  const reader = await registerMember(request, 'Nadia');
  const handle = `${writer.username}@${new URL(southUrl).host}`;
  const asReader = { Authorization: `Bearer ${reader.token}` };

  await signIn(page, reader, '/search');
  await page.getByRole('searchbox').fill(`@${handle}`);
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByText(`@${handle}`, { exact: true })).toBeVisible();
  await people.getByRole('button', { name: `Follow ${writer.displayName}` }).click();
  // South accepts on its own: the follow stops being a request once its Accept arrives.
  await expect
    .poll(async () => {
      const profile = await request.get(`/api/users/profile/${handle}`, { headers: asReader });
      return (await profile.json()).data.is_following;
    })
    .toBe(true);

  const text = `Morning light over the south ${Date.now()}`;
  const posted = await postWhisp(south, writer, text);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Following' }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Following' }).click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText(`@${handle}`)).toBeVisible();

  await card.getByRole('button', { name: /^Reply/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await dialog
    .getByRole('textbox', { name: 'Your reply' })
    .fill('Lovely, greetings from the north.');
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply posted', { exact: true })).toBeVisible();

  await expect
    .poll(
      async () => {
        const original = await south.get(`/api/posts/${posted.id}`, {
          headers: { Authorization: `Bearer ${writer.token}` },
        });
        return (await original.json()).data.reply_count;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await south.dispose();
});

test('a member votes in the poll of a member of another server, and the vote counts there', async ({
  page,
  request,
}, testInfo) => {
  const south = await requestFor.newContext({ baseURL: southUrl });
  const pollster = await registerMember(south, 'Pollster');
  const voter = await registerMember(request, 'Voter');
  const handle = `${pollster.username}@${new URL(southUrl).host}`;
  const asVoter = { Authorization: `Bearer ${voter.token}` };
  const asPollster = { Authorization: `Bearer ${pollster.token}` };

  const found = await request.get(`/api/users/lookup?acct=${handle}`, { headers: asVoter });
  expect(found.status(), await found.text()).toBe(200);
  const pollsterHere: string = (await found.json()).data.id;
  await request.post(`/api/users/${pollsterHere}/follow`, { headers: asVoter });
  await expect
    .poll(async () => {
      const profile = await request.get(`/api/users/${pollsterHere}`, { headers: asVoter });
      return (await profile.json()).data.is_following;
    })
    .toBe(true);

  const question = `North or south for the summer? ${Date.now()}`;
  const posted = await south.post('/api/posts', {
    headers: asPollster,
    data: {
      content: question,
      poll: { options: ['North', 'South'], multiple: false, expires_in: 3600 },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const pollId: string = (await posted.json()).data.poll.id;

  await signIn(page, voter, `/user/${handle}`);
  const card = page.getByRole('article').filter({ hasText: question });
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Vote for South' }).click();
  const results = card.getByRole('list', { name: 'Poll results' });
  await expect(results.getByRole('listitem').filter({ hasText: 'South' })).toContainText(
    'your choice',
  );
  await screenshot(card, 'remote-poll-voted', testInfo);

  // The vote crosses to the poll's server as a Mastodon vote does, and counts there.
  await expect
    .poll(
      async () => {
        const whisp = await south.get(`/api/posts/${(await posted.json()).data.id}`, {
          headers: asPollster,
        });
        const poll = (await whisp.json()).data.poll;
        return poll.id === pollId ? poll.voters_count : -1;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await south.dispose();
});
