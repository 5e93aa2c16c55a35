import { describeError } from '@whisp/api-client/contract';
import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers.js';

// The OAuth endpoints take secrets (a client's, a code, a token), so wrong guesses are limited
// per client address as failed sign-ins are: a small limit here, from the same configuration.

const LIMIT = 3;

describe('Mastodon apps: OAuth against guessing', () => {
  let testApp: TestApp;
  let client: { client_id: string; client_secret: string };

  beforeAll(async () => {
    testApp = await createTestApp({
      config: {
        rateLimits: {
          ...DEFAULT_RATE_LIMITS,
          failedSignIns: { max: LIMIT, windowMs: 60_000 },
        },
      },
    });
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: {
        client_name: 'Guessing target',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read',
      },
    });
    expect(registered.statusCode).toBe(200);
    const { client_id, client_secret } = registered.json();
    client = { client_id, client_secret };
  });
  afterAll(() => testApp?.close());

  const oauth = (path: string, payload: Record<string, string>, remoteAddress: string) =>
    testApp.app.inject({ method: 'POST', url: path, payload, remoteAddress });
  const appToken = (remoteAddress: string, secret = client.client_secret) =>
    oauth(
      '/oauth/token',
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: secret },
      remoteAddress,
    );

  const expectLimited = (response: Awaited<ReturnType<typeof oauth>>) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: describeError('tooManySignInAttempts').message,
    });
  };

  it('counts nothing for requests that succeed', async () => {
    for (let attempt = 0; attempt <= LIMIT + 1; attempt += 1) {
      expect((await appToken('192.0.2.1')).statusCode).toBe(200);
    }
  });

  it('stops an address after its wrong secrets, the right one and revocation too, and not others', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const wrong = await appToken('192.0.2.2', `wrong-${attempt}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        error: 'invalid_client',
        error_description: MASTODON_MESSAGES.clientAuthenticationFailed,
      });
    }
    expectLimited(await appToken('192.0.2.2'));
    expectLimited(await oauth('/oauth/revoke', { ...client, token: 'whatever' }, '192.0.2.2'));
    // Another address is not held back by these.
    const elsewhere = await appToken('192.0.2.3');
    expect(elsewhere.statusCode).toBe(200);
    const revoked = await oauth(
      '/oauth/revoke',
      { ...client, token: elsewhere.json().access_token },
      '192.0.2.3',
    );
    expect(revoked.statusCode).toBe(200);
  });

  it('counts guessed authorization codes and revocations of others’ tokens alike', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const guessed = await oauth(
        '/oauth/token',
        {
          grant_type: 'authorization_code',
          ...client,
          code: `guess-${attempt}`,
          redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        },
        '192.0.2.4',
      );
      expect([guessed.statusCode, guessed.json().error]).toEqual([400, 'invalid_grant']);
    }
    expectLimited(await appToken('192.0.2.4'));

    // A token of another app's, named in a revocation: found out, and counted as a guess.
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { client_name: 'Other', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' },
    });
    const { client_id, client_secret } = other.json();
    const otherToken = (
      await oauth(
        '/oauth/token',
        { grant_type: 'client_credentials', client_id, client_secret },
        '192.0.2.5',
      )
    ).json().access_token as string;
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const refused = await oauth('/oauth/revoke', { ...client, token: otherToken }, '192.0.2.6');
      expect(refused.statusCode).toBe(403);
    }
    expectLimited(await oauth('/oauth/revoke', { ...client, token: otherToken }, '192.0.2.6'));
  });
});
