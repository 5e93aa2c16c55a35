import { describe, expect, it } from 'vitest';
import { MOCK_TOKEN } from '../src/mocks/index.js';
import { userQueries } from '../src/react/index.js';
import { setupQueryWorld } from './support/queryWorld.js';

const { world } = setupQueryWorld();

describe('the start-up session check', () => {
  it('removes a dead token when the server answers 401', async () => {
    const { client, queryClient } = world;
    client.tokenStore.set('expired-token');
    await expect(queryClient.fetchQuery(userQueries.me(client))).rejects.toMatchObject({
      status: 401,
    });
    expect(client.tokenStore.get()).toBeNull();
  });

  it('keeps the token when the server cannot be reached', async () => {
    const { client, queryClient, mock } = world;
    mock.setScenario('offline');
    await expect(queryClient.fetchQuery(userQueries.me(client))).rejects.toMatchObject({
      status: 0,
    });
    expect(client.tokenStore.get()).toBe(MOCK_TOKEN);
  });
});
