import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../src/contract/index.js';
import { createMemoryTokenStore, createWhispClient, type WhispClient } from '../src/index.js';
import { createMockApi, MOCK_TOKEN, MOCK_VIEWER } from '../src/mocks/index.js';
import { userQueries } from '../src/users/users.queries.js';

// GET /api/users/lookup (Federation 1.2) through the client, against the mocks, which answer by
// the server's rules: members of this server by username, remote members the store holds by
// handle or actor URL, 404 USER_NOT_FOUND for anyone else.

const API = 'http://mock.whisp.test';
const api = createMockApi({ baseUrl: API, delayMs: 0 });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let client: WhispClient;
let aliceId = '';
beforeEach(() => {
  // Made after `listen`: the client binds the fetch it finds, which MSW replaces.
  client = createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(MOCK_TOKEN) });
  api.store.reset();
  aliceId = api.store.addRemoteMember('alice', 'Remote.Example');
});

describe('looking a member up', () => {
  it('finds a remote member by handle, as the contract shapes a profile', async () => {
    const alice = await client.users.lookup({ acct: 'alice@remote.example' });
    expect(profileSchema.parse(alice)).toEqual(alice);
    expect(alice).toMatchObject({
      id: aliceId,
      username: 'alice',
      acct: 'alice@remote.example',
      url: 'https://remote.example/users/alice',
    });
  });

  it('reads a handle as typed: a leading @ and any case of the host', async () => {
    await expect(client.users.lookup({ acct: '@alice@REMOTE.example' })).resolves.toMatchObject({
      id: aliceId,
    });
  });

  it('finds a remote member by the address of their actor', async () => {
    await expect(
      client.users.lookup({ url: 'https://remote.example/users/alice' }),
    ).resolves.toMatchObject({ acct: 'alice@remote.example' });
  });

  it('finds a member of this server by username, with or without its host', async () => {
    const bare = await client.users.lookup({ acct: MOCK_VIEWER.username });
    const withHost = await client.users.lookup({ acct: `${MOCK_VIEWER.username}@whisp.test` });
    expect(bare).toMatchObject({ id: MOCK_VIEWER.id, acct: MOCK_VIEWER.username });
    expect(withHost.id).toBe(MOCK_VIEWER.id);
  });

  it('answers 404 User not found for a member no server here knows of', async () => {
    for (const address of [
      { acct: 'bob@remote.example' },
      { acct: 'alice@elsewhere.example' },
      { acct: 'a@b@c' },
      { url: 'https://remote.example/users/bob' },
    ]) {
      await expect(client.users.lookup(address)).rejects.toMatchObject({
        status: 404,
        code: 'USER_NOT_FOUND',
        message: 'User not found',
      });
    }
  });

  it('refuses a lookup with neither a handle nor an address, as the server does', async () => {
    await expect(client.users.lookup({ acct: '' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the lookup and profile queries', () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('keys a lookup by the handle without its @, in any case', () => {
    expect(userQueries.lookup(client, '@Alice@Remote.example').queryKey).toEqual(
      userQueries.lookup(client, 'alice@remote.example').queryKey,
    );
  });

  it('does not ask again after a 404: nobody by that handle is an answer', () => {
    const options = userQueries.lookup(client, 'bob@remote.example');
    const retry = options.retry as (count: number, error: Error) => boolean;
    expect(retry(0, Object.assign(new Error('User not found'), { status: 404 }))).toBe(false);
    expect(retry(0, Object.assign(new Error('Unavailable'), { status: 503 }))).toBe(true);
  });

  it('opens a remote profile the profile read does not know yet by looking their handle up', async () => {
    // As the server answers a remote member it has not met: the profile read knows only stored ones.
    server.use(
      http.get(`${API}/api/users/profile/:username`, () =>
        HttpResponse.json(
          { success: false, code: 'USER_NOT_FOUND', message: 'User not found' },
          { status: 404 },
        ),
      ),
    );
    try {
      const alice = await queryClient.fetchQuery(
        userQueries.byUsername(client, 'alice@remote.example'),
      );
      expect(alice.id).toBe(aliceId);
      // A member of this server is not looked up again: their 404 stands.
      await expect(
        queryClient.fetchQuery(userQueries.byUsername(client, MOCK_VIEWER.username)),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        queryClient.fetchQuery(userQueries.byUsername(client, 'nobody@remote.example')),
      ).rejects.toMatchObject({ status: 404 });
    } finally {
      server.resetHandlers();
    }
  });
});
