import { expect, type Page, test } from '@playwright/test';
import { continueWithLabel } from '@whisp/api-client/contract/identities';
import { uniqueAddress } from './members';
import { PHONE_JOURNEY } from './phone';

// The OpenID provider serve-built-app.mjs starts when E2E_OIDC=on (playwright.config.ts turns it
// on): oidc-provider on loopback, offered as "Test ID". Any login signs in there, with a
// preferred_username of the login itself, so a first sign-in makes the member `login` at once.
const PROVIDER_NAME = 'Test ID';

/** At the provider's own pages: its login form (any password), then its consent. */
async function signInAtProvider(page: Page, whispOrigin: string, login: string) {
  await page.waitForURL((url) => url.origin !== whispOrigin);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('form:has(input[name="prompt"][value="login"]) [type="submit"]').click();
  await page.locator('form:has(input[name="prompt"][value="consent"]) [type="submit"]').click();
}

test(
  '"Continue with" a provider signs a new member up there and back into Whisp, then in again; without a password, they delete the account by their username',
  PHONE_JOURNEY,
  async ({ page, baseURL }) => {
    const whisp = new URL(baseURL ?? '').origin;
    const login = `oidc_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // Its own client address, so the sign-in limits of other tests never apply.
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    await page.goto('/auth');
    await page.getByRole('link', { name: continueWithLabel(PROVIDER_NAME) }).click();
    await signInAtProvider(page, whisp, login);

    // Back in Whisp and signed in: the home feed, then the member and their provider in Settings.
    await expect(page).toHaveURL(`${whisp}/`);
    await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();
    await page.goto('/settings');
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await expect(account.getByText(`@${login}`)).toBeVisible();
    const connected = page.getByRole('list', { name: 'Connected accounts' });
    await expect(
      connected.getByRole('button', { name: `Disconnect ${PROVIDER_NAME}` }),
    ).toBeVisible();
    // The session's token never sat in an address a server or a proxy could log.
    const token = await page.evaluate(() => localStorage.getItem('whisp.token'));
    expect(token).toBeTruthy();
    expect(visited.filter((url) => url.includes(token ?? ''))).toEqual([]);

    // Signed out, then back through the provider, which remembers them: the same member, without
    // a question on the way.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('link', { name: continueWithLabel(PROVIDER_NAME) }).click();
    await expect(page).toHaveURL(`${whisp}/`);
    await page.goto('/settings');
    await expect(account.getByText(`@${login}`)).toBeVisible();

    // They have no password: Settings offers to set one, with no current password to give.
    const password = page.getByRole('region', { name: 'Set a password' });
    await expect(password.getByLabel('New password', { exact: true })).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveCount(0);
    await expect(password.getByRole('button', { name: 'Set password' })).toBeVisible();

    // And they delete their account by typing their username: another is refused in the dialog.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const username = dialog.getByLabel('Type your username to confirm');
    await expect(username).toBeFocused();
    await expect(dialog.getByLabel('Your password')).toHaveCount(0);
    await username.fill(`${login}_not`);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('That is not your username.')).toBeVisible();
    await username.fill(login);
    await dialog.getByRole('button', { name: 'Delete account' }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');
    expect(await page.evaluate(() => localStorage.getItem('whisp.token'))).toBeNull();
  },
);
