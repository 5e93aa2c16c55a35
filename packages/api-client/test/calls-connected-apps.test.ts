import { describe, expect, it } from 'vitest';
import { CONNECTED_APP_MESSAGES } from '../src/contract/connected-apps.js';
import { ERRORS } from '../src/contract/errors.js';
import { authorizationQueryFrom } from '../src/index.js';
import { clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const request = {
  response_type: 'code',
  client_id: 'demo-mastodon-app',
  redirect_uri: 'icecubesapp://',
  scope: 'read write follow',
  state: 'xyz',
};

describe('connected app calls', () => {
  it('reads the authorize request from the page’s address, each field once and nothing else', () => {
    expect(
      authorizationQueryFrom(
        '?response_type=code&client_id=demo-mastodon-app&redirect_uri=icecubesapp%3A%2F%2F&scope=read+write+follow&state=xyz&state=second&utm_source=elsewhere',
      ),
    ).toEqual(request);
    expect(
      authorizationQueryFrom(new URLSearchParams('code_challenge=abc&code_challenge_method=S256')),
    ).toEqual({
      code_challenge: 'abc',
      code_challenge_method: 'S256',
    });
    expect(authorizationQueryFrom('')).toEqual({});
  });

  it('asks what an app wants with the request in the query and the session', async () => {
    const data = {
      app: { id: 'app-1', name: 'Ice Cubes', website: null },
      scopes: ['read', 'write', 'follow'],
      redirect_uri: 'icecubesapp://',
      out_of_band: false,
    };
    const seen = answer({ success: true, data });
    expect(await clientWith('secret-token').connectedApps.authorization(request)).toEqual(data);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/oauth/authorization',
      query: request,
      authorization: 'Bearer secret-token',
    });
  });

  it('rejects with the words the consent page shows when the request cannot be authorized', async () => {
    const { status, code, message } = ERRORS.oauthRedirectMismatch;
    answer({ success: false, code, message }, status);
    await expect(
      clientWith('secret-token').connectedApps.authorization(request),
    ).rejects.toMatchObject({ status, code, message });
  });

  it('posts the decision with the request and answers the ticket', async () => {
    const seen = answer({ success: true, data: { ticket: 'ticket-1' } });
    expect(
      await clientWith('secret-token').connectedApps.decide({ ...request, decision: 'deny' }),
    ).toEqual({ ticket: 'ticket-1' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/oauth/authorization',
      authorization: 'Bearer secret-token',
      json: { ...request, decision: 'deny' },
    });
  });

  it('lists and revokes the member’s apps with the session', async () => {
    const client = clientWith('secret-token');
    const app = {
      id: 'app 1',
      name: 'Elk',
      website: 'https://elk.zone',
      scopes: ['read'],
      authorized_at: '2026-11-28T10:00:00.000Z',
      last_used_at: '2026-11-28T11:00:00.000Z',
    };
    const listed = answer({ success: true, data: [app] });
    expect(await client.connectedApps.list()).toEqual([app]);
    expect(listed[0]).toMatchObject({
      method: 'GET',
      path: '/api/users/me/apps',
      authorization: 'Bearer secret-token',
    });

    const message = CONNECTED_APP_MESSAGES.revoked('Elk');
    const revoked = answer({ success: true, message });
    expect(await client.connectedApps.revoke('app 1')).toEqual({ message });
    expect(revoked[0]).toMatchObject({ method: 'DELETE', path: '/api/users/me/apps/app%201' });
  });

  it('refuses to ask anything without a session', async () => {
    await expect(clientWith(null).connectedApps.list()).rejects.toMatchObject({
      code: 'NO_TOKEN',
    });
    await expect(clientWith(null).connectedApps.authorization(request)).rejects.toMatchObject({
      code: 'NO_TOKEN',
    });
  });
});
