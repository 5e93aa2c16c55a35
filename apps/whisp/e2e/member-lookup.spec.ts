import { expect, test } from '@playwright/test';
import { registerMember, signIn } from './members';

// Search by handle (Federation 1.2): `@name@server` looks that member up through
// GET /api/users/lookup instead of searching for the words. One of this server's own members,
// named with its own host, is answered from its own database; a member of another server is
// looked up there (e2e/federation.spec.ts).

test('a handle of another server is looked up, and the search says when nobody answers to it', async ({
  page,
  request,
}) => {
  const reader = await registerMember(request, 'Lorina');
  await signIn(page, reader, '/search');
  await page.getByRole('searchbox').fill('@nobody@elsewhere.example');
  await expect(page).toHaveURL(/q=%40nobody%40elsewhere\.example/);
  await expect(
    page.getByRole('heading', { name: 'We couldn’t find @nobody@elsewhere.example' }),
  ).toBeVisible();
  // The whisps that mention it are still searched for.
  await expect(page.getByRole('heading', { name: 'Whisps', exact: true })).toBeVisible();
});

test('a handle with this server’s own host finds the member, who can be followed from there', async ({
  page,
  request,
  baseURL,
}) => {
  const author = await registerMember(request, 'Edith');
  const reader = await registerMember(request, 'Alice');
  const host = new URL(baseURL ?? '').host;

  await signIn(page, reader, '/search');
  await page.getByRole('searchbox').fill(`${author.username}@${host}`);
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByText(`@${author.username}`, { exact: true })).toBeVisible();
  await people.getByRole('button', { name: `Follow ${author.displayName}` }).click();
  await expect(
    people.getByRole('button', { name: `Following ${author.displayName}` }),
  ).toBeVisible();

  await people.getByRole('link', { name: new RegExp(author.displayName) }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${author.username}$`));
  await expect(page.getByRole('heading', { name: author.displayName, level: 2 })).toBeVisible();
});

test('the profile page of a member nobody can find says User not found', async ({
  page,
  request,
}) => {
  const reader = await registerMember(request, 'Dinah');
  await signIn(page, reader, '/user/nobody@elsewhere.example');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(
    page.getByText('There is no member called @nobody@elsewhere.example.'),
  ).toBeVisible();
});
