import { expect, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';

test('following from a profile flips the button once the server agrees and fills the Following feed', async ({
  page,
  request,
}) => {
  const author = await registerMember(request, 'Margaret');
  const reader = await registerMember(request, 'Frances');
  const text = `Software engineering is a discipline ${Date.now()}`;
  await postWhisp(request, author, text);

  await signIn(page, reader, `/user/${author.username}`);
  await expect(page.getByRole('heading', { name: author.displayName, level: 2 })).toBeVisible();
  await expect(page.getByText('0 Followers', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByText('1 Follower', { exact: true })).toBeVisible();

  await page.goto('/');
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
});

test('an unknown member shows User not found', async ({ page, request }) => {
  const member = await registerMember(request, 'Ghost');
  await signIn(page, member, '/user/nobody_by_this_name');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
});

test('search finds whisps and people, and a hashtag shows its whisps', async ({
  page,
  request,
}) => {
  const author = await registerMember(request, 'Sophie');
  const reader = await registerMember(request, 'Tim');
  const tag = `harbour${Date.now().toString(36)}`;
  const text = `Sunrise over the ${tag} lights #${tag}`;
  await postWhisp(request, author, text);

  await signIn(page, reader, '/search');
  await page.getByRole('searchbox').fill(tag);
  // Debounced: the URL and results follow once typing pauses.
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole('article').filter({ hasText: 'Sunrise over the' })).toBeVisible();

  await page.getByRole('searchbox').fill(author.username);
  await expect(
    page.getByRole('list', { name: 'People' }).getByText(`@${author.username}`),
  ).toBeVisible();

  await page.goto('/search');
  await page.getByRole('searchbox').fill(tag);
  const card = page.getByRole('article').filter({ hasText: 'Sunrise over the' });
  await card.getByRole('link', { name: `#${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`q=%23${tag}`));
  await expect(page.getByRole('heading', { name: new RegExp(`#${tag}`) })).toBeVisible();
  await expect(page.getByRole('main').getByText('1 whisp', { exact: true })).toBeVisible();
});

test('a failed search says so', async ({ page, request }) => {
  const member = await registerMember(request, 'Ida');
  await page.route(
    (url) => url.pathname === '/api/search',
    (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Down', code: 'INTERNAL' } }),
  );
  await signIn(page, member, '/search?q=anything');
  await expect(page.getByRole('main').getByText('Search failed. Please try again.')).toBeVisible();
});
