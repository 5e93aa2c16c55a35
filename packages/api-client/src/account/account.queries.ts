import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { AccountSession, CurrentUser, Id } from '../models.js';
import { userKeys } from '../query/keys.js';
import type { PasswordChange, PasswordResetConfirmation } from './account.api.js';

export const accountKeys = {
  all: ['account'] as const,
  /** Where the signed-in member is signed in. */
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export const accountQueries = {
  sessions: (client: WhispClient) =>
    queryOptions({
      queryKey: accountKeys.sessions(),
      queryFn: ({ signal }) => client.account.listSessions(signal),
    }),
};

export const accountMutations = {
  requestPasswordReset: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'request-password-reset'],
      mutationFn: (email: string) => client.account.requestPasswordReset(email),
    }),

  /** Every session of the member ends on the server: they sign in again with the new password. */
  confirmPasswordReset: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'confirm-password-reset'],
      mutationFn: (input: PasswordResetConfirmation) => client.account.confirmPasswordReset(input),
    }),

  /**
   * The other sessions end, so the list is read again; a member who set their first password has
   * one now (`has_password`), so Settings asks for it from then on.
   */
  changePassword: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'change-password'],
      mutationFn: (input: PasswordChange) => client.account.changePassword(input),
      onSuccess: () => {
        queryClient.setQueryData<CurrentUser>(userKeys.me(), (me) =>
          me && !me.has_password ? { ...me, has_password: true } : me,
        );
        return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
      },
    }),

  /**
   * The ended session leaves the cached list at once, then the list is read again. Ending this
   * very session signs out here too: its token is dead, so it is forgotten with everything cached.
   */
  endSession: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'end-session'],
      mutationFn: (id: Id) => client.account.endSession(id),
      onSuccess: (_answer, id) => {
        const listed = queryClient.getQueryData<AccountSession[]>(accountKeys.sessions());
        if (listed?.some((session) => session.id === id && session.current)) {
          client.tokenStore.clear();
          queryClient.clear();
          return;
        }
        queryClient.setQueryData<AccountSession[]>(accountKeys.sessions(), (sessions) =>
          sessions?.filter((session) => session.id !== id),
        );
        return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
      },
    }),
};
