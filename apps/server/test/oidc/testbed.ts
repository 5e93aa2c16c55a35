import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { OidcProviderConfig } from '../../src/sign-in-providers/provider-config.js';
import {
  type OidcProviderOptions,
  startOidcProvider,
  type TestOidcProvider,
} from '../../test-support/oidc-provider.mjs';
import { freePort } from '../../test-support/server-process.mjs';
import { createTestApp, type TestApp, testConfig } from '../helpers.js';
import { TestBrowser } from './browser.js';

/** Whisp's public URL in tests (WHISP_PUBLIC_URL unset): callbacks are registered under it. */
export const PUBLIC_URL = testConfig().mail.publicUrl;
export const callbackUrl = (providerId: string) =>
  `${PUBLIC_URL}/api/auth/oidc/${providerId}/callback`;

/** The provider every test signs in with, as WHISP_OIDC_PROVIDERS names it. */
export const PROVIDER = { id: 'test', name: 'Test ID' } as const;

/** A provider configured on a loopback port where nothing listens. */
export async function unreachableProvider(id = 'down'): Promise<OidcProviderConfig> {
  return {
    id,
    name: 'Down ID',
    issuer: `http://127.0.0.1:${await freePort()}`,
    client_id: 'whisp',
    client_secret: 'no one checks this',
  };
}

export interface Testbed {
  provider: TestOidcProvider;
  testApp: TestApp;
  app: App;
  browser(): TestBrowser;
  close(): Promise<void>;
}

/** A real provider on loopback, and the app configured with it (plus `otherProviders`). */
export async function startTestbed({
  providerOptions = {},
  otherProviders = [],
  config = {},
}: {
  providerOptions?: Partial<OidcProviderOptions>;
  otherProviders?: OidcProviderConfig[];
  config?: Partial<Config>;
} = {}): Promise<Testbed> {
  const provider = await startOidcProvider({
    redirectUris: [callbackUrl(PROVIDER.id)],
    ...providerOptions,
  });
  const testApp = await createTestApp({
    config: {
      oidcProviders: [provider.whispProvider(PROVIDER.id, PROVIDER.name), ...otherProviders],
      ...config,
    },
  });
  return {
    provider,
    testApp,
    app: testApp.app,
    browser: () => new TestBrowser(testApp.app, PUBLIC_URL),
    async close() {
      await testApp.close();
      await provider.stop();
    },
  };
}

/**
 * A browser's whole way from Whisp's start to the provider and back to Whisp's callback.
 * `start` may be a signed-in member's connection URL instead of the sign-in start.
 */
export async function throughProvider(
  browser: TestBrowser,
  login: string,
  { providerId = PROVIDER.id, cancel = false }: { providerId?: string; cancel?: boolean } = {},
) {
  const start = await browser.whisp('GET', `/api/auth/oidc/${providerId}/start`);
  expect(start.statusCode, start.body).toBe(302);
  const returnUrl = await browser.atProvider(start.headers.location as string, login, { cancel });
  const callback = await browser.whisp('GET', returnUrl);
  expect(callback.statusCode, callback.body).toBe(302);
  return { returnUrl, callback };
}

/** The app's POST that turns the callback's ticket into a session. */
export function complete(browser: TestBrowser, body: object = {}) {
  return browser.whisp('POST', '/api/auth/oidc/complete', { payload: body });
}

/** Signs in (or up) with the provider as `login` and returns the completion's answer. */
export async function signInAs(browser: TestBrowser, login: string, body: object = {}) {
  await throughProvider(browser, login);
  return complete(browser, body);
}
