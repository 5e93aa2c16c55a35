import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { CurrentUser, Preferences, PreferencesChanges } from '../models.js';
import { userKeys } from '../query/keys.js';
import { userQueries } from '../users/users.queries.js';

// A member's preferences live in the `me` query (they come with the member), so every screen
// reads them without a request of its own, and a save changes that one copy.

/** The preferences with the changes applied, as the server will merge them. */
export function applyPreferencesChanges(
  preferences: Preferences,
  changes: PreferencesChanges,
): Preferences {
  return {
    ...preferences,
    ...changes,
    notifications: { ...preferences.notifications, ...changes.notifications },
  };
}

function setPreferences(
  queryClient: QueryClient,
  update: (preferences: Preferences) => Preferences,
) {
  queryClient.setQueryData<CurrentUser>(userKeys.me(), (user) =>
    user ? { ...user, preferences: update(user.preferences) } : user,
  );
}

export const preferencesQueries = {
  /** The signed-in member's query, narrowed to their preferences. */
  current: (client: WhispClient) =>
    queryOptions({
      ...userQueries.me(client),
      select: (user: CurrentUser) => user.preferences,
    }),
};

export const preferencesMutations = {
  /**
   * A switch changes at once; if the server refuses, it goes back to what it was (the caller
   * shows the error). Saves of different switches made quickly after one another each keep their
   * own change, since each rolls back only its own keys.
   */
  update: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userKeys.all, 'preferences'],
      mutationFn: (changes: PreferencesChanges) => client.users.updatePreferences(changes),
      onMutate: async (changes: PreferencesChanges) => {
        // A `me` answer already on its way would put the old switches back.
        await queryClient.cancelQueries({ queryKey: userKeys.me() });
        const before = queryClient.getQueryData<CurrentUser>(userKeys.me())?.preferences;
        setPreferences(queryClient, (preferences) => applyPreferencesChanges(preferences, changes));
        return { before };
      },
      onError: (_error, changes, context) => {
        const before = context?.before;
        if (!before) return;
        setPreferences(queryClient, (preferences) =>
          applyPreferencesChanges(preferences, {
            ...pickChanged(before, changes),
            notifications: pickChanged(before.notifications, changes.notifications ?? {}),
          }),
        );
      },
      onSuccess: (preferences) => setPreferences(queryClient, () => preferences),
    }),
};

/** From `before`, the values of the keys `changes` names. */
function pickChanged<T extends object>(before: T, changes: object): Partial<T> {
  return Object.fromEntries(
    Object.keys(changes)
      .filter((key) => key !== 'notifications' && key in before)
      .map((key) => [key, before[key as keyof T]]),
  ) as Partial<T>;
}
