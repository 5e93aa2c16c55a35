import { MutationObserver, type MutationOptions, QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  createMemoryTokenStore,
  createWhispClient,
  type Post,
  type WhispClient,
} from '../../src/index.js';
import { createMockApi, MOCK_TOKEN, type MockApi } from '../../src/mocks/index.js';
import { isPost } from '../../src/react/index.js';
import { API } from './recorder.js';

/**
 * A real QueryClient and client talking over MSW to the mock server (the cache layer is what is
 * under test here; the mock server stands in for the network).
 */
export function setupQueryWorld() {
  const server = setupServer();
  const world = {} as { mock: MockApi; client: WhispClient; queryClient: QueryClient };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    world.mock = createMockApi({ baseUrl: API });
    server.use(...world.mock.handlers);
    world.client = createWhispClient({
      baseUrl: API,
      tokenStore: createMemoryTokenStore(MOCK_TOKEN),
    });
    world.queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
    });
  });
  afterEach(() => {
    server.resetHandlers();
    world.queryClient.clear();
  });
  afterAll(() => server.close());
  return { world, server };
}

/** Runs a mutation the way useMutation does, through a MutationObserver. */
export function runMutation<TData, TVariables, TContext = unknown>(
  queryClient: QueryClient,
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
) {
  return new MutationObserver(queryClient, options).mutate(variables);
}

/** Every cached copy of a whisp, in any query, nested rewhisp originals included. */
export function cachedCopies(queryClient: QueryClient, id: string): Post[] {
  const found: Post[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      if (isPost(value) && value.id === id) found.push(value);
      Object.values(value).forEach(visit);
    }
  };
  for (const query of queryClient.getQueryCache().getAll()) visit(query.state.data);
  return found;
}
