import {
  QueryClient,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createWhispClient, type WhispClient } from '../src/index.js';
import { createMockApi, MOCK_TOKEN } from '../src/mocks/index.js';
import { searchKeys, searchQueries } from '../src/search/search.queries.js';

// searchQueries.members: the members part of GET /api/search (mention suggestions), against the
// mocks, which search as the server does.

const API = 'http://mock.whisp.test';
const api = createMockApi({ baseUrl: API, delayMs: 0 });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let client: WhispClient;
let searches = 0;
beforeEach(() => {
  client = createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(MOCK_TOKEN) });
  api.store.reset();
  searches = 0;
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/search') searches += 1;
  });
});

/** What a component reading the options sees once they have loaded (`select` included). */
function settled<FnData, Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: QueryObserverOptions<FnData, Error, Data, FnData, Key>,
) {
  const observer = new QueryObserver(queryClient, options);
  const done = (result: QueryObserverResult<Data>) => result.isSuccess || result.isError;
  return new Promise<QueryObserverResult<Data>>((resolve) => {
    const stop = observer.subscribe((result) => {
      if (!done(result)) return;
      stop();
      resolve(result);
    });
    // A cached answer is there at once: no change to hear of.
    const current = observer.getCurrentResult();
    if (done(current)) {
      stop();
      resolve(current);
    }
  });
}

describe('searchQueries.members', () => {
  it('gives only the members, this server’s and other servers’ alike, each with its acct', async () => {
    api.store.addRemoteMember('maya_far', 'South.Example');
    const queryClient = new QueryClient();
    const result = await settled(queryClient, searchQueries.members(client, 'maya'));
    expect(result.data?.map((member) => member.acct)).toEqual(
      expect.arrayContaining(['maya_chen', 'maya_far@south.example']),
    );
    expect(result.data?.every((member) => 'is_following' in member)).toBe(true);
  });

  it('shares the search page’s request and cache entry for the same words', async () => {
    const queryClient = new QueryClient();
    const all = await queryClient.fetchQuery(searchQueries.results(client, 'maya'));
    const members = await settled(queryClient, searchQueries.members(client, 'maya'));
    expect(searchQueries.members(client, 'maya').queryKey).toEqual(searchKeys.results('maya'));
    expect(members.data).toEqual(all.users);
    expect(searches).toBe(1);
  });

  it('asks nothing for blank words', () => {
    expect(searchQueries.members(client, '  ').enabled).toBe(false);
  });
});
