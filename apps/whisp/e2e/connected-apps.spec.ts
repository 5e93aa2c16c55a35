import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  CONNECTED_APP_MESSAGES,
  describeScope,
  OAUTH_OUT_OF_BAND,
} from '@whisp/api-client/contract/connected-apps';
import { continueWithLabel } from '@whisp/api-client/contract/identities';
import { type Member, registerMember, signIn, uniqueAddress } from './members';
import { PHONE_JOURNEY } from './phone';
import { COLOR_SCHEME, screenshot } from './screenshots';

test.use({ colorScheme: COLOR_SCHEME });

// A Mastodon app signing a member in (OAuth 2's authorization code): the app registers, sends the
// browser to /oauth/authorize, the member decides on Whisp's consent page, and the server's
// redirect brings the browser back to the app, here a desktop app's loopback listener, with a
// code the app exchanges for a token. Settings lists the app until the member revokes it.

/** Settings' words when no app is connected (ConnectedAppList's empty state). */
const NO_APPS = 'No apps are connected to your account';

interface RegisteredApp {
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A desktop app's listener on loopback: the page the browser lands on when sent back. */
async function startAppListener(): Promise<{ redirectUri: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Back in the app</title><h1>Back in the app</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** POST /api/v1/apps, as an app registers itself (JSON, as Ice Cubes and Elk send it). */
async function registerApp(
  request: APIRequestContext,
  redirectUri: string,
  name = `Desk App ${Date.now().toString(36)}`,
): Promise<RegisteredApp> {
  const response = await request.post('/api/v1/apps', {
    headers: { 'X-Forwarded-For': uniqueAddress() },
    data: { client_name: name, redirect_uris: redirectUri, scopes: 'read write' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  return { name, clientId: body.client_id, clientSecret: body.client_secret, redirectUri };
}

const authorizePath = (app: RegisteredApp) =>
  `/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    scope: 'read write',
    state: 'xyz',
  })}`;

/** POST /oauth/token with the code, as the app does once it is back. */
async function exchangeCode(request: APIRequestContext, app: RegisteredApp, code: string) {
  return request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: app.redirectUri,
    },
  });
}

async function expectConsentFor(page: Page, app: RegisteredApp, member: Member) {
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: `${app.name} wants to use your Whisp account @${member.username}`,
    }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`Authorize ${app.name} · Whisp`);
  const scopes = page.getByRole('list', { name: 'It will be able to:' });
  await expect(scopes.getByRole('listitem')).toHaveCount(2);
  await expect(scopes.getByText(describeScope('read'))).toBeVisible();
  await expect(scopes.getByText(describeScope('write'))).toBeVisible();
  await expect(page.getByText(new URL(app.redirectUri).host, { exact: true })).toBeVisible();
}

test(
  'a member signs in to an app: consent after signing in, back to the app with a code it exchanges, then revoked in Settings',
  PHONE_JOURNEY,
  async ({ page, request }, testInfo) => {
    const listener = await startAppListener();
    try {
      const member = await registerMember(request, 'Appuser');
      const app = await registerApp(request, listener.redirectUri);
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });

      // Signed out: to sign in first, then back to the very same address, query and all.
      const consentPath = authorizePath(app);
      await page.goto(consentPath);
      await expect(page).toHaveURL(/\/auth$/);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === consentPath);
      await expectConsentFor(page, app, member);
      await screenshot(page, 'oauth-consent', testInfo);

      // Authorize: the server's redirect takes the browser to the app, with a code and the state.
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.waitForURL((url) => url.href.startsWith(listener.redirectUri));
      const back = new URL(page.url());
      expect(back.searchParams.get('state')).toBe('xyz');
      const code = back.searchParams.get('code') ?? '';
      expect(code).not.toBe('');
      await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();

      // The app exchanges the code for the member's token, which the Mastodon API accepts.
      const exchanged = await exchangeCode(request, app, code);
      expect(exchanged.status(), await exchanged.text()).toBe(200);
      const token = await exchanged.json();
      expect(token).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
      const verify = () =>
        request.get('/api/v1/accounts/verify_credentials', {
          headers: { Authorization: `Bearer ${token.access_token}` },
        });
      const verified = await verify();
      expect(verified.status(), await verified.text()).toBe(200);
      expect((await verified.json()).username).toBe(member.username);

      // Settings lists it; Revoke asks first, then it is gone, and stays gone.
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Connected apps' });
      const list = section.getByRole('list', { name: 'Connected apps' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByText(app.name, { exact: true })).toBeVisible();
      await expect(list).toContainText('Can use: read, write');
      await expect(list).toContainText('Authorized now · Last used now');
      await screenshot(section, 'settings-connected-apps', testInfo);
      await section.getByRole('button', { name: `Revoke ${app.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke ${app.name}?` });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await screenshot(page, 'settings-revoke-app-dialog', testInfo);
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(
        page.getByText(CONNECTED_APP_MESSAGES.revoked(app.name), { exact: true }),
      ).toBeVisible();
      await expect(section.getByRole('heading', { name: NO_APPS })).toBeVisible();
      await page.reload();
      await expect(section.getByRole('heading', { name: NO_APPS })).toBeVisible();

      // Its token no longer works.
      expect((await verify()).status()).toBe(401);
    } finally {
      await listener.close();
    }
  },
);

test('Deny sends the browser back to the app with access_denied and its state, and connects nothing', async ({
  page,
  request,
}) => {
  const listener = await startAppListener();
  try {
    const member = await registerMember(request, 'Denier');
    const app = await registerApp(request, listener.redirectUri);
    await signIn(page, member, authorizePath(app));
    await expectConsentFor(page, app, member);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(listener.redirectUri));
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toBeNull();

    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Connected apps' }).getByRole('heading', { name: NO_APPS }),
    ).toBeVisible();
  } finally {
    await listener.close();
  }
});

test('an app without an address of its own: Whisp shows the code to copy, which the app exchanges', async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await registerMember(request, 'Copier');
  const app = await registerApp(request, OAUTH_OUT_OF_BAND, `Terminal ${Date.now().toString(36)}`);
  await signIn(page, member, authorizePath(app));
  await expect(page.getByText(/Whisp will then show you a code to copy into/)).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(/\/oauth\/authorize\/native\?code=/);
  await expect(page).toHaveTitle('Your authorization code · Whisp');
  await expect(
    page.getByText(CONNECTED_APP_MESSAGES.codeInstructions(app.name), { exact: true }),
  ).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await screenshot(page, 'oauth-code', testInfo);

  const exchanged = await exchangeCode(request, app, code);
  expect(exchanged.status(), await exchanged.text()).toBe(200);

  // The same page opened again after its ticket was spent says so.
  await page.goto('/oauth/authorize/native?error=expired');
  await expect(page.getByText(CONNECTED_APP_MESSAGES.expired, { exact: true })).toBeVisible();
});

test('signing in through another account comes back to the consent page too', async ({
  page,
  request,
  baseURL,
}) => {
  // The provider serve-built-app.mjs starts (E2E_OIDC=on): any login signs in there, and a first
  // sign-in makes the member of that name.
  const whisp = new URL(baseURL ?? '').origin;
  const login = `oauth_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const app = await registerApp(request, 'http://127.0.0.1:9/callback');
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() });
  const consentPath = authorizePath(app);
  await page.goto(consentPath);
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('link', { name: continueWithLabel('Test ID') }).click();
  await page.waitForURL((url) => url.origin !== whisp);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('form:has(input[name="prompt"][value="login"]) [type="submit"]').click();
  await page.locator('form:has(input[name="prompt"][value="consent"]) [type="submit"]').click();

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === consentPath);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: `${app.name} wants to use your Whisp account @${login}`,
    }),
  ).toBeVisible();
});
