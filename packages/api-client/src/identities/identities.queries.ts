import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { startSession } from '../auth/auth.queries.js';
import type { WhispClient } from '../client.js';
import type { Id, Identity } from '../models.js';

// Sign in with another account (1.2): the providers anyone may list, finishing a provider's
// sign-in, and the signed-in member's connected accounts.

export const identityKeys = {
  all: ['identities'] as const,
  /** The configured providers: the same for everyone, signed in or not. */
  providers: () => [...identityKeys.all, 'providers'] as const,
  /** The signed-in member's connected provider accounts. */
  mine: () => [...identityKeys.all, 'mine'] as const,
};

export const identityQueries = {
  /** Configuration, not content: read once per visit. */
  providers: (client: WhispClient) =>
    queryOptions({
      queryKey: identityKeys.providers(),
      queryFn: ({ signal }) => client.identities.providers(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),

  mine: (client: WhispClient) =>
    queryOptions({
      queryKey: identityKeys.mine(),
      queryFn: ({ signal }) => client.identities.list(signal),
    }),
};

export const identityMutations = {
  /**
   * `mutate(undefined)` first, `mutate(username)` after a new member chose one. A sign-in
   * caches its member as a password sign-in does (everything cached before is forgotten).
   */
  complete: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...identityKeys.all, 'complete'],
      mutationFn: (username: string | undefined) => client.identities.complete(username),
      onSuccess: (completion) => {
        if (completion.status === 'signed-in') startSession(queryClient, completion.session);
      },
    }),

  /** Answers the provider's address; the caller sends the browser there. */
  connect: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...identityKeys.all, 'connect'],
      mutationFn: (providerId: string) => client.identities.connect(providerId),
    }),

  /** The account leaves the list at once, and comes back if the server refuses. */
  disconnect: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...identityKeys.all, 'disconnect'],
      mutationFn: (id: Id) => client.identities.disconnect(id),
      onMutate: async (id: Id) => {
        await queryClient.cancelQueries({ queryKey: identityKeys.mine() });
        const before = queryClient.getQueryData<Identity[]>(identityKeys.mine());
        queryClient.setQueryData<Identity[]>(identityKeys.mine(), (list) =>
          list?.filter((identity) => identity.id !== id),
        );
        return { before };
      },
      onError: (_error, _id, context) => {
        if (context?.before) queryClient.setQueryData(identityKeys.mine(), context.before);
      },
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: identityKeys.mine(), refetchType: 'none' }),
    }),
};
