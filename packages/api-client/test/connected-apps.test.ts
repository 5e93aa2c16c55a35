import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  CONNECTED_APP_MESSAGES,
  OAUTH_NATIVE_PATH,
  OAUTH_OUT_OF_BAND,
  OAUTH_TICKET_FIELD,
  OAUTH_TICKET_TTL_SECONDS,
} from '../src/contract/connected-apps.js';
import { ERRORS, type ErrorName } from '../src/contract/errors.js';
import {
  ApiError,
  type ConnectedApp,
  createMemoryTokenStore,
  createWhispClient,
  type OauthAuthorizationQuery,
} from '../src/index.js';
import { MOCK_OAUTH_APPS, MOCK_VIEWER } from '../src/mocks/index.js';
import { connectedAppKeys, connectedAppMutations } from '../src/react/index.js';
import { defined } from './support/defined.js';
import { runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();
const { iceCubes, terminal, elk, tusky } = MOCK_OAUTH_APPS;

const iceCubesRequest: OauthAuthorizationQuery = {
  response_type: 'code',
  client_id: iceCubes.client_id,
  redirect_uri: 'icecubesapp://',
  scope: 'read write follow',
  state: 'xyz',
};

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The page's form, as the browser posts it: where the server's 303 sends the browser. */
async function postTicket(ticket: string) {
  const response = await fetch(`${API}/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ [OAUTH_TICKET_FIELD]: ticket }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return defined(response.headers.get('location'));
}

describe('the consent page’s request on the mock server', () => {
  it('names the app, the scopes it asks for and where the member returns to', async () => {
    expect(await world.client.connectedApps.authorization(iceCubesRequest)).toEqual({
      app: { id: iceCubes.id, name: 'Ice Cubes', website: iceCubes.website },
      scopes: ['read', 'write', 'follow'],
      redirect_uri: 'icecubesapp://',
      out_of_band: false,
    });
  });

  it('takes the app’s only address and Mastodon’s default scope when the app names neither', async () => {
    const { redirect_uri, scope, ...rest } = iceCubesRequest;
    expect(await world.client.connectedApps.authorization(rest)).toMatchObject({
      scopes: ['read'],
      redirect_uri: 'icecubesapp://',
    });
  });

  it('accepts scopes within the app’s own, each once, and a PKCE S256 challenge', async () => {
    const asked = await world.client.connectedApps.authorization({
      ...iceCubesRequest,
      scope: 'read:statuses+write:media read:statuses push',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    expect(asked.scopes).toEqual(['read:statuses', 'write:media', 'push']);
  });

  it('says when the app has no address and will show the member a code', async () => {
    expect(
      await world.client.connectedApps.authorization({
        response_type: 'code',
        client_id: terminal.client_id,
        redirect_uri: OAUTH_OUT_OF_BAND,
      }),
    ).toMatchObject({ app: { name: 'Toot Terminal', website: null }, out_of_band: true });
  });

  const refusals: [string, OauthAuthorizationQuery, ErrorName][] = [
    ['an unknown app', { ...iceCubesRequest, client_id: 'nobody' }, 'oauthUnknownApp'],
    ['no app at all', { ...iceCubesRequest, client_id: undefined }, 'oauthUnknownApp'],
    [
      'an address the app did not register',
      { ...iceCubesRequest, redirect_uri: 'https://evil.example/callback' },
      'oauthRedirectMismatch',
    ],
    [
      'another kind of grant',
      { ...iceCubesRequest, response_type: 'token' },
      'oauthUnsupportedResponseType',
    ],
    [
      'no kind of grant',
      { ...iceCubesRequest, response_type: undefined },
      'oauthUnsupportedResponseType',
    ],
    [
      'a scope Whisp does not know',
      { ...iceCubesRequest, scope: 'read admin:read' },
      'oauthInvalidScope',
    ],
    [
      'a scope beyond the app’s own',
      { response_type: 'code', client_id: terminal.client_id, scope: 'read follow' },
      'oauthInvalidScope',
    ],
    [
      'the plain PKCE method',
      { ...iceCubesRequest, code_challenge: 'verifier', code_challenge_method: 'plain' },
      'oauthInvalidCodeChallenge',
    ],
    [
      'a PKCE method without its challenge',
      { ...iceCubesRequest, code_challenge_method: 'S256' },
      'oauthInvalidCodeChallenge',
    ],
    [
      'an S256 challenge that is no SHA-256 digest',
      { ...iceCubesRequest, code_challenge: 'too-short', code_challenge_method: 'S256' },
      'oauthInvalidCodeChallenge',
    ],
    [
      'a PKCE challenge without its method (plain, then)',
      { ...iceCubesRequest, code_challenge: 'verifier' },
      'oauthInvalidCodeChallenge',
    ],
  ];
  it.each(refusals)('refuses %s with the words the page shows', async (_what, request, name) => {
    const { status, code, message } = ERRORS[name];
    expect(await refusal(world.client.connectedApps.authorization(request))).toMatchObject({
      status,
      code,
      message,
    });
    expect(
      await refusal(world.client.connectedApps.decide({ ...request, decision: 'approve' })),
    ).toMatchObject({ status, code });
    expect(world.mock.store.data.oauthTickets).toEqual([]);
  });

  it('needs the app to name its address when it registered several', async () => {
    world.mock.store.registerOauthApp({
      id: 'app-two-doors',
      client_id: 'two-doors',
      name: 'Two Doors',
      website: null,
      redirect_uris: ['https://one.example/back', 'https://two.example/back'],
      scopes: ['read'],
    });
    const request = { response_type: 'code', client_id: 'two-doors' };
    expect(await refusal(world.client.connectedApps.authorization(request))).toMatchObject({
      code: ERRORS.oauthRedirectMismatch.code,
    });
    expect(
      await world.client.connectedApps.authorization({
        ...request,
        redirect_uri: 'https://two.example/back',
      }),
    ).toMatchObject({ redirect_uri: 'https://two.example/back' });
  });

  it('asks for the member’s session', async () => {
    const signedOut = createWhispClient({
      baseUrl: API,
      tokenStore: createMemoryTokenStore('gone'),
    });
    expect(await refusal(signedOut.connectedApps.authorization(iceCubesRequest))).toMatchObject({
      status: 401,
    });
  });
});

describe('a decision on the mock server', () => {
  it('sends an authorized app its code and state, once, and lists it (at once, unlike the server)', async () => {
    const { ticket } = await world.client.connectedApps.decide({
      ...iceCubesRequest,
      decision: 'approve',
    });
    const back = new URL(await postTicket(ticket));
    expect(`${back.protocol}//`).toBe('icecubesapp://');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('xyz');
    const [newest] = await world.client.connectedApps.list();
    expect(newest).toMatchObject({
      id: iceCubes.id,
      name: 'Ice Cubes',
      scopes: ['read', 'write', 'follow'],
    });
    // The ticket was spent: posting it again says so on the native page.
    expect(await postTicket(ticket)).toBe(`${OAUTH_NATIVE_PATH}?error=expired`);
  });

  it('sends a denied app back with access_denied and its state, and lists nothing', async () => {
    const before = await world.client.connectedApps.list();
    const { ticket } = await world.client.connectedApps.decide({
      ...iceCubesRequest,
      decision: 'deny',
    });
    const back = new URL(await postTicket(ticket));
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'xyz' });
    expect(await world.client.connectedApps.list()).toEqual(before);
  });

  it('shows an out-of-band app’s code, or its refusal, on the native page', async () => {
    const request = { response_type: 'code', client_id: terminal.client_id };
    const approved = await world.client.connectedApps.decide({ ...request, decision: 'approve' });
    const shown = new URL(await postTicket(approved.ticket), API);
    expect(shown.pathname).toBe(OAUTH_NATIVE_PATH);
    expect(shown.searchParams.get('code')).toBeTruthy();
    const denied = await world.client.connectedApps.decide({ ...request, decision: 'deny' });
    expect(await postTicket(denied.ticket)).toBe(`${OAUTH_NATIVE_PATH}?error=access_denied`);
  });

  it('lets a ticket lapse after its two minutes, and knows no made-up one', async () => {
    const { ticket } = await world.client.connectedApps.decide({
      ...iceCubesRequest,
      decision: 'approve',
    });
    world.mock.store.advanceClock(OAUTH_TICKET_TTL_SECONDS * 1000 + 1);
    expect(await postTicket(ticket)).toBe(`${OAUTH_NATIVE_PATH}?error=expired`);
    expect(await postTicket('made-up')).toBe(`${OAUTH_NATIVE_PATH}?error=expired`);
  });

  it('refuses a decision that is neither approve nor deny', async () => {
    const refused = await refusal(
      world.client.connectedApps.decide({
        ...iceCubesRequest,
        decision: 'maybe' as 'approve',
      }),
    );
    expect(refused).toMatchObject({ status: 400, code: ERRORS.invalidRequest.code });
    expect(refused.details?.[0]?.field).toBe('decision');
  });
});

describe('connected apps on the mock server', () => {
  it('lists the viewer’s apps, most recently authorized first', async () => {
    const apps = await world.client.connectedApps.list();
    expect(apps.map((app) => app.name)).toEqual([elk.name, tusky.name]);
    expect(apps[1]).toMatchObject({
      website: 'https://tusky.app',
      scopes: ['read', 'write', 'follow'],
    });
    for (const app of apps) expect(app.last_used_at >= app.authorized_at).toBe(true);
  });

  it('revokes an app with the contract’s words, then knows it no more', async () => {
    expect(await world.client.connectedApps.revoke(elk.id)).toEqual({
      message: CONNECTED_APP_MESSAGES.revoked('Elk'),
    });
    expect((await world.client.connectedApps.list()).map((app) => app.id)).toEqual([tusky.id]);
    expect(await refusal(world.client.connectedApps.revoke(elk.id))).toMatchObject({
      status: 404,
      code: ERRORS.connectedAppNotFound.code,
      message: ERRORS.connectedAppNotFound.message,
    });
  });

  it('leaves another member’s apps alone', async () => {
    world.mock.store.connectOauthApp('user-ines', iceCubes.id);
    expect(await refusal(world.client.connectedApps.revoke(iceCubes.id))).toMatchObject({
      status: 404,
    });
    expect(world.mock.store.connectedAppsOf('user-ines')).toHaveLength(1);
  });
});

describe('the connected apps’ query layer', () => {
  it('takes a revoked app out of the list before the server has answered', async () => {
    const { queryClient, client } = world;
    const listed = await client.connectedApps.list();
    queryClient.setQueryData<ConnectedApp[]>(connectedAppKeys.mine(), listed);
    // The revocation waits here, then goes on to the mock server's own handler.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.delete(`${API}/api/users/me/apps/:id`, async () => {
        await held;
      }),
    );
    const revoking = runMutation(
      queryClient,
      connectedAppMutations.revoke(client, queryClient),
      elk.id,
    );
    const cachedIds = () =>
      queryClient.getQueryData<ConnectedApp[]>(connectedAppKeys.mine())?.map((app) => app.id);
    await vi.waitFor(() => expect(cachedIds()).toEqual([tusky.id]));
    expect(world.mock.store.connectedAppsOf(MOCK_VIEWER.id)).toHaveLength(2);
    answer();
    await revoking;
    expect(cachedIds()).toEqual([tusky.id]);
    expect(world.mock.store.connectedAppsOf(MOCK_VIEWER.id).map((app) => app.id)).toEqual([
      tusky.id,
    ]);
  });

  it('puts a refused revocation back in the list', async () => {
    const { queryClient, client } = world;
    const listed = await client.connectedApps.list();
    queryClient.setQueryData<ConnectedApp[]>(connectedAppKeys.mine(), listed);
    // Revoked elsewhere meanwhile: the server no longer knows it.
    await client.connectedApps.revoke(elk.id);
    const refused = runMutation(
      queryClient,
      connectedAppMutations.revoke(client, queryClient),
      elk.id,
    );
    await expect(refused).rejects.toMatchObject({ code: ERRORS.connectedAppNotFound.code });
    expect(queryClient.getQueryData(connectedAppKeys.mine())).toEqual(listed);
  });
});
