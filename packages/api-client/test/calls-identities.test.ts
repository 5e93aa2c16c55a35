import { describe, expect, it } from 'vitest';
import { ERRORS } from '../src/contract/errors.js';
import { IDENTITY_MESSAGES } from '../src/contract/identities.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const member = {
  id: 'user-sam',
  username: 'sam_rivers',
  display_name: 'Sam Rivers',
  email: 'sam@example.id',
};

describe('sign-in provider calls', () => {
  it('lists the providers without a token, even when one is stored', async () => {
    const seen = answer({ success: true, data: [{ id: 'keycloak', name: 'Keycloak' }] });
    expect(await clientWith('old-token').identities.providers()).toEqual([
      { id: 'keycloak', name: 'Keycloak' },
    ]);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/auth/providers',
      authorization: null,
    });
  });

  it('links a button to the start of a provider’s sign-in on the API’s host', () => {
    expect(clientWith(null).identities.startUrl('key cloak')).toBe(
      `${API}/api/auth/oidc/key%20cloak/start`,
    );
  });

  it('finishes a sign-in with the ticket alone and stores the session', async () => {
    const seen = answer(
      { success: true, message: 'Signed in', data: { token: 'new-token', user: member } },
      200,
    );
    const client = clientWith(null);
    const completion = await client.identities.complete();
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/oidc/complete',
      authorization: null,
      json: {},
    });
    expect(completion).toMatchObject({
      status: 'signed-in',
      session: { token: 'new-token', user: { username: 'sam_rivers' } },
    });
    expect(client.tokenStore.get()).toBe('new-token');
  });

  it('sends the username a new member chose', async () => {
    const seen = answer(
      { success: true, message: 'Account created', data: { token: 't', user: member } },
      201,
    );
    await clientWith(null).identities.complete('sam_rivers');
    expect(seen[0]?.json).toEqual({ username: 'sam_rivers' });
  });

  it('answers what to ask when the server needs a username, rather than failing', async () => {
    const { status, code, message } = ERRORS.oidcUsernameNeeded;
    answer(
      {
        success: false,
        code,
        message,
        data: {
          provider: { id: 'keycloak', name: 'Keycloak' },
          suggested_username: 'robin_2',
          display_name: 'Robin Elsewhere',
        },
      },
      status,
    );
    const client = clientWith(null);
    expect(await client.identities.complete()).toEqual({
      status: 'username-needed',
      message,
      provider: { id: 'keycloak', name: 'Keycloak' },
      suggestedUsername: 'robin_2',
      displayName: 'Robin Elsewhere',
    });
    expect(client.tokenStore.get()).toBeNull();
  });

  it('rejects with the server’s words for any other refusal', async () => {
    const { status, code, message } = ERRORS.oidcExpired;
    answer({ success: false, code, message }, status);
    await expect(clientWith(null).identities.complete()).rejects.toMatchObject({
      status,
      code,
      message,
    });
  });

  it('lists, connects and disconnects with the session', async () => {
    const client = clientWith('secret-token');
    const identity = {
      id: 'identity-1',
      provider: 'keycloak',
      name: 'Keycloak',
      created_at: '2026-11-28T10:00:00.000Z',
    };
    const listed = answer({ success: true, data: [identity] });
    expect(await client.identities.list()).toEqual([identity]);
    expect(listed[0]).toMatchObject({
      method: 'GET',
      path: '/api/users/me/identities',
      authorization: 'Bearer secret-token',
    });

    const url = 'https://id.example/authorize?client_id=whisp';
    const connected = answer({ success: true, data: { url } });
    expect(await client.identities.connect('key/cloak')).toEqual({ url });
    expect(connected[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/me/identities/key%2Fcloak',
      authorization: 'Bearer secret-token',
    });

    const message = IDENTITY_MESSAGES.disconnected('Keycloak');
    const removed = answer({ success: true, message });
    expect(await client.identities.disconnect('identity-1')).toEqual({ message });
    expect(removed[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/users/me/identities/identity-1',
    });
  });

  it('refuses to ask for the identities without a session', async () => {
    await expect(clientWith(null).identities.list()).rejects.toMatchObject({ code: 'NO_TOKEN' });
  });
});
