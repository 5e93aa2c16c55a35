import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type {
  OauthAuthorizationQuery,
  OauthDecision,
} from '../contract/endpoints/connected-apps.js';
import { isApiError } from '../http/ApiError.js';
import type { ConnectedApp, Id } from '../models.js';

// Connected apps (Mastodon client API 1.2): the consent page's request and decision, and the
// apps the signed-in member authorized.

export const connectedAppKeys = {
  all: ['connected-apps'] as const,
  /** The signed-in member's connected apps. */
  mine: () => [...connectedAppKeys.all, 'mine'] as const,
  authorizations: () => [...connectedAppKeys.all, 'authorization'] as const,
  /** One authorize request, by every field it carries. */
  authorization: (query: OauthAuthorizationQuery) =>
    [...connectedAppKeys.authorizations(), query] as const,
};

/** A refusal of the request itself (400 OAUTH_*) gives the same answer however often it is asked. */
const retryUnlessRefused = (failures: number, error: Error) =>
  failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const connectedAppQueries = {
  mine: (client: WhispClient) =>
    queryOptions({
      queryKey: connectedAppKeys.mine(),
      queryFn: ({ signal }) => client.connectedApps.list(signal),
    }),

  /** Read once per visit of the consent page: the request in its address does not change. */
  authorization: (client: WhispClient, query: OauthAuthorizationQuery) =>
    queryOptions({
      queryKey: connectedAppKeys.authorization(query),
      queryFn: ({ signal }) => client.connectedApps.authorization(query, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: retryUnlessRefused,
    }),
};

export const connectedAppMutations = {
  /**
   * Authorize or Deny: answers the ticket the page then posts in a form. An approval may add
   * the app to the member's list, which is read again the next time it is shown.
   */
  decide: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...connectedAppKeys.all, 'decide'],
      mutationFn: (decision: OauthDecision) => client.connectedApps.decide(decision),
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: connectedAppKeys.mine(), refetchType: 'none' }),
    }),

  /** The app leaves the list at once, and comes back if the server refuses. */
  revoke: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...connectedAppKeys.all, 'revoke'],
      mutationFn: (id: Id) => client.connectedApps.revoke(id),
      onMutate: async (id: Id) => {
        await queryClient.cancelQueries({ queryKey: connectedAppKeys.mine() });
        const before = queryClient.getQueryData<ConnectedApp[]>(connectedAppKeys.mine());
        queryClient.setQueryData<ConnectedApp[]>(connectedAppKeys.mine(), (list) =>
          list?.filter((app) => app.id !== id),
        );
        return { before };
      },
      onError: (_error, _id, context) => {
        if (context?.before) queryClient.setQueryData(connectedAppKeys.mine(), context.before);
      },
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: connectedAppKeys.mine(), refetchType: 'none' }),
    }),
};
