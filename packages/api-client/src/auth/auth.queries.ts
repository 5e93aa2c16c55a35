import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { userKeys } from '../query/keys.js';
import type { LoginInput, RegisterInput, Session } from './auth.api.js';

const authKey = ['auth'] as const;

/** Caches the member a new session belongs to, after forgetting everything cached before. */
export function startSession(queryClient: QueryClient, session: Session) {
  // Whatever an earlier member had cached must not show for this one.
  queryClient.clear();
  queryClient.setQueryData(userKeys.me(), session.user);
}

export const authMutations = {
  login: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKey, 'login'],
      mutationFn: (input: LoginInput) => client.auth.login(input),
      onSuccess: (session) => startSession(queryClient, session),
    }),

  register: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKey, 'register'],
      mutationFn: (input: RegisterInput) => client.auth.register(input),
      onSuccess: (session) => startSession(queryClient, session),
    }),

  /** Signs out locally even when the server cannot be reached (the token is gone either way). */
  logout: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKey, 'logout'],
      mutationFn: () => client.auth.logout(),
      onSettled: () => queryClient.clear(),
    }),
};
