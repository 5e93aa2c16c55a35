import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../test-support/oidc-provider.mjs';
import { openTwoInstances, type TwoInstances } from '../two-instances.js';
import { locationOf, TestBrowser } from './browser.js';
import { callbackUrl, PROVIDER, PUBLIC_URL } from './testbed.js';

describe('a provider sign-in across two instances behind one address', () => {
  let provider: TestOidcProvider;
  let instances: TwoInstances;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [callbackUrl(PROVIDER.id)] });
    provider.setAccount('roaming', { preferred_username: 'roaming', name: 'Roaming' });
    instances = await openTwoInstances({
      config: { oidcProviders: [provider.whispProvider(PROVIDER.id, PROVIDER.name)] },
    });
  });
  afterAll(async () => {
    await instances?.close();
    await provider?.stop();
  });

  it('starts on one, takes the callback on the other and completes on the first', async () => {
    // One browser, whose requests the load balancer spreads: its cookies go to both.
    const onA = new TestBrowser(instances.a, PUBLIC_URL);
    const onB = new TestBrowser(instances.b, PUBLIC_URL);
    const start = await onA.whisp('GET', `/api/auth/oidc/${PROVIDER.id}/start`);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const returnUrl = await onB.atProvider(start.headers.location as string, 'roaming');

    const callback = await onB.whisp('GET', returnUrl);
    expect(locationOf(callback).href).toBe(`${PUBLIC_URL}/auth/oidc`);
    for (const [name, value] of onB.cookies) onA.cookies.set(name, value);
    const completed = await onA.whisp('POST', '/api/auth/oidc/complete', { payload: {} });

    expect(completed.statusCode, completed.body).toBe(201);
    expect(completed.json().data.user.username).toBe('roaming');
  });
});
