import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage } from '../src/contract/errors.js';
import {
  IDENTITY_MESSAGES,
  OIDC_COMPLETE_PATH,
  OIDC_TICKET_TTL_SECONDS,
  oidcFailureMessage,
  readOidcReturn,
} from '../src/contract/identities.js';
import { VALIDATION_MESSAGES } from '../src/contract/validation.js';
import {
  ApiError,
  type CurrentUser,
  createMemoryTokenStore,
  createWhispClient,
  type Identity,
} from '../src/index.js';
import {
  createMockApi,
  MOCK_OIDC_ACCOUNTS,
  MOCK_OIDC_PROVIDER,
  MOCK_VIEWER,
} from '../src/mocks/index.js';
import { identityKeys, identityMutations, userKeys } from '../src/react/index.js';
import { defined } from './support/defined.js';
import { runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();
const PROVIDER = MOCK_OIDC_PROVIDER.id;

const signedOut = () =>
  createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(null) });

/** The browser following a "Continue with" link: where the start sends it. */
async function startSignIn(providerId: string = PROVIDER) {
  const response = await fetch(`${API}/api/auth/oidc/${providerId}/start`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('sign-in providers on the mock server', () => {
  it('lists the configured providers to anyone, and none when none is configured', async () => {
    expect(await signedOut().identities.providers()).toEqual([MOCK_OIDC_PROVIDER]);
    world.mock = createMockApi({ baseUrl: API, oidcProviders: [] });
    server.use(...world.mock.handlers);
    expect(await signedOut().identities.providers()).toEqual([]);
  });

  it('creates a new member with the provider’s names and signs them in, once', async () => {
    expect(await startSignIn()).toEqual({ status: 302, location: OIDC_COMPLETE_PATH });
    const client = signedOut();
    const completion = await client.identities.complete();
    if (completion.status !== 'signed-in') throw new Error('expected a sign-in');
    expect(completion.session.user).toMatchObject({
      username: MOCK_OIDC_ACCOUNTS.newMember.preferred_username,
      display_name: MOCK_OIDC_ACCOUNTS.newMember.name,
      email: MOCK_OIDC_ACCOUNTS.newMember.email,
    });
    expect(completion.session.message).toBe('Account created');
    expect(client.tokenStore.get()).toBe(completion.session.token);
    expect((await client.users.me()).username).toBe('sam_rivers');
    // The ticket was spent: the same callback cannot sign anyone in again.
    const replayed = await refusal(signedOut().identities.complete());
    expect(replayed).toMatchObject({
      status: ERRORS.oidcExpired.status,
      code: ERRORS.oidcExpired.code,
      message: ERRORS.oidcExpired.message,
    });
  });

  it('signs a linked account in as its member, however its email reads', async () => {
    world.mock.store.linkOidcAccount(MOCK_VIEWER.id, PROVIDER, MOCK_OIDC_ACCOUNTS.viewer.subject);
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.viewer });
    await startSignIn();
    const completion = await signedOut().identities.complete();
    expect(completion).toMatchObject({
      status: 'signed-in',
      session: { message: 'Signed in', user: { id: MOCK_VIEWER.id } },
    });
  });

  it('creates nobody for an email a member already has, and says what to do instead', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.viewer });
    const members = world.mock.store.data.users.length;
    const back = readOidcReturn(new URL(defined((await startSignIn()).location), API).search);
    expect(back).toMatchObject({ error: ERRORS.oidcEmailInUse.code, provider: PROVIDER });
    expect(oidcFailureMessage(defined(back.error), MOCK_OIDC_PROVIDER.name)).toBe(
      'An account with this email already exists. Sign in with your password, then connect Example ID in Settings.',
    );
    expect(await refusal(signedOut().identities.complete())).toMatchObject({
      code: ERRORS.oidcExpired.code,
    });
    expect(world.mock.store.data.users).toHaveLength(members);
    expect(world.mock.store.data.identities).toEqual([]);
  });

  it('refuses the email again when someone took it between the callback and the page', async () => {
    await startSignIn();
    await signedOut().auth.register({
      email: MOCK_OIDC_ACCOUNTS.newMember.email,
      password: 'a long enough password',
      username: 'quick_sam',
      display_name: 'Quick Sam',
    });
    expect(await refusal(signedOut().identities.complete())).toMatchObject({
      status: 409,
      code: ERRORS.oidcEmailInUse.code,
      message: errorMessage('oidcEmailInUse', MOCK_OIDC_PROVIDER.name),
    });
    expect(world.mock.store.data.oidcTicket).toBeNull();
  });

  it('asks a new member whose name is taken to choose, and keeps the ticket until they do', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.takenUsername });
    await startSignIn();
    const client = signedOut();
    expect(await client.identities.complete()).toEqual({
      status: 'username-needed',
      message: 'Choose a username to finish creating your account.',
      provider: MOCK_OIDC_PROVIDER,
      suggestedUsername: 'robin_2',
      displayName: 'Robin Elsewhere',
    });
    expect(await refusal(client.identities.complete(MOCK_VIEWER.username))).toMatchObject({
      code: ERRORS.usernameTaken.code,
      message: ERRORS.usernameTaken.message,
    });
    expect(await refusal(client.identities.complete('Admin'))).toMatchObject({
      code: ERRORS.usernameReserved.code,
    });
    const invalid = await refusal(client.identities.complete('robin elsewhere'));
    expect(invalid).toMatchObject({ status: 400, code: ERRORS.invalidRequest.code });
    expect(invalid.details).toEqual([
      { field: 'username', message: VALIDATION_MESSAGES.usernameInvalid },
    ]);
    const completion = await client.identities.complete('robin_2');
    expect(completion).toMatchObject({
      status: 'signed-in',
      session: { user: { username: 'robin_2', display_name: 'Robin Elsewhere' } },
    });
  });

  it('offers no username when nothing of the provider’s name can make one', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.noUsableName });
    await startSignIn();
    expect(await signedOut().identities.complete()).toMatchObject({
      status: 'username-needed',
      suggestedUsername: null,
    });
  });

  it('lets a ticket lapse after its two minutes', async () => {
    await startSignIn();
    world.mock.store.advanceClock(OIDC_TICKET_TTL_SECONDS * 1000 + 1);
    expect(await refusal(signedOut().identities.complete())).toMatchObject({
      code: ERRORS.oidcExpired.code,
    });
  });

  it('sends a refused sign-in back to the app with its code and provider, never a ticket', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { failure: 'oidcCancelled' });
    const { status, location } = await startSignIn();
    expect(status).toBe(302);
    const address = new URL(defined(location), API);
    expect(address.pathname).toBe(OIDC_COMPLETE_PATH);
    const back = readOidcReturn(address.search);
    expect(back).toEqual({ error: 'OIDC_CANCELLED', provider: PROVIDER, connected: null });
    expect(oidcFailureMessage(defined(back.error), MOCK_OIDC_PROVIDER.name)).toBe(
      'Signing in with Example ID was cancelled or refused.',
    );
    expect(world.mock.store.data.oidcTicket).toBeNull();
    expect(await refusal(signedOut().identities.complete())).toMatchObject({
      code: ERRORS.oidcExpired.code,
    });
  });

  it('sends a browser back to the app for a provider nobody configured', async () => {
    const { status, location } = await startSignIn('nowhere');
    expect(status).toBe(302);
    expect(readOidcReturn(new URL(defined(location), API).search)).toMatchObject({
      error: ERRORS.oidcProviderNotFound.code,
      provider: 'nowhere',
    });
  });
});

describe('connected accounts on the mock server', () => {
  it('connects the member’s provider account and lists it', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.viewer });
    const { url } = await world.client.identities.connect(PROVIDER);
    expect(readOidcReturn(new URL(url, API).search)).toEqual({
      error: null,
      provider: null,
      connected: PROVIDER,
    });
    const listed = await world.client.identities.list();
    expect(listed).toEqual([
      expect.objectContaining({ provider: PROVIDER, name: MOCK_OIDC_PROVIDER.name }),
    ]);
    // Once linked, the provider signs the member in.
    await startSignIn();
    expect(await signedOut().identities.complete()).toMatchObject({
      session: { user: { id: MOCK_VIEWER.id } },
    });
  });

  it('refuses an account that is already another member’s, through the return address', async () => {
    await startSignIn();
    await signedOut().identities.complete();
    const { url } = await world.client.identities.connect(PROVIDER);
    const back = readOidcReturn(new URL(url, API).search);
    expect(back).toMatchObject({ error: ERRORS.identityTaken.code, provider: PROVIDER });
    expect(oidcFailureMessage(defined(back.error), MOCK_OIDC_PROVIDER.name)).toBe(
      'This Example ID account is already connected to another member.',
    );
    expect(await world.client.identities.list()).toEqual([]);
  });

  it('says so at once when the provider is down', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { failure: 'oidcProviderDown' });
    expect(await refusal(world.client.identities.connect(PROVIDER))).toMatchObject({
      status: 502,
      message: 'Example ID is not answering right now. Please try again later.',
    });
  });

  it('disconnects an account of a member who still has a password', async () => {
    const identity = world.mock.store.linkOidcAccount(MOCK_VIEWER.id, PROVIDER, 'subject-1');
    expect(await world.client.identities.disconnect(identity.id)).toEqual({
      message: IDENTITY_MESSAGES.disconnected('Example ID'),
    });
    expect(await world.client.identities.list()).toEqual([]);
    expect(await refusal(world.client.identities.disconnect(identity.id))).toMatchObject({
      status: 404,
      code: ERRORS.identityNotFound.code,
    });
  });

  it('keeps the only way in of a member without a password', async () => {
    await startSignIn();
    const client = signedOut();
    await client.identities.complete();
    const [only] = await client.identities.list();
    const refused = await refusal(client.identities.disconnect(defined(only).id));
    expect(refused).toMatchObject({
      status: 400,
      code: 'LAST_SIGN_IN_METHOD',
      message: errorMessage('lastSignInMethod'),
    });
    // With a second account connected, either may go.
    const member = defined(world.mock.store.data.users.find((u) => u.username === 'sam_rivers'));
    world.mock.store.linkOidcAccount(member.id, PROVIDER, 'another-subject');
    await client.identities.disconnect(defined(only).id);
    expect(await client.identities.list()).toHaveLength(1);
  });
});

describe('the sign-in providers’ query layer', () => {
  it('caches the member a provider signed in, and nothing of before', async () => {
    const { queryClient } = world;
    queryClient.setQueryData(['posts', 'stale'], ['from someone else']);
    await startSignIn();
    const client = signedOut();
    const completion = await runMutation(
      queryClient,
      identityMutations.complete(client, queryClient),
      undefined,
    );
    expect(completion.status).toBe('signed-in');
    expect(queryClient.getQueryData<CurrentUser>(userKeys.me())?.username).toBe('sam_rivers');
    expect(queryClient.getQueryData(['posts', 'stale'])).toBeUndefined();
  });

  it('caches nobody while a new member still has to choose a username', async () => {
    world.mock.store.answerOidcAs(PROVIDER, { account: MOCK_OIDC_ACCOUNTS.takenUsername });
    await startSignIn();
    const { queryClient } = world;
    await runMutation(queryClient, identityMutations.complete(signedOut(), queryClient), undefined);
    expect(queryClient.getQueryData(userKeys.me())).toBeUndefined();
  });

  it('puts a refused disconnection back in the list', async () => {
    await startSignIn();
    const client = signedOut();
    await client.identities.complete();
    const { queryClient } = world;
    const listed = await client.identities.list();
    queryClient.setQueryData<Identity[]>(identityKeys.mine(), listed);
    const refused = runMutation(
      queryClient,
      identityMutations.disconnect(client, queryClient),
      defined(listed[0]).id,
    );
    await expect(refused).rejects.toMatchObject({ code: 'LAST_SIGN_IN_METHOD' });
    expect(queryClient.getQueryData(identityKeys.mine())).toEqual(listed);
  });
});
