import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { CurrentUser, Id, MutedWord } from '../models.js';
import { updateMemberInCache } from '../query/cache.js';
import { notificationKeys, postKeys, searchKeys, trendKeys, userKeys } from '../query/keys.js';

/** The signed-in member's blocks, mutes and muted words: their own, never another's. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocks: () => [...safetyKeys.all, 'blocks'] as const,
  mutes: () => [...safetyKeys.all, 'mutes'] as const,
  mutedWords: () => [...safetyKeys.all, 'muted-words'] as const,
};

export const safetyQueries = {
  blocks: (client: WhispClient) =>
    queryOptions({
      queryKey: safetyKeys.blocks(),
      queryFn: ({ signal }) => client.safety.blocks(signal),
    }),

  mutes: (client: WhispClient) =>
    queryOptions({
      queryKey: safetyKeys.mutes(),
      queryFn: ({ signal }) => client.safety.mutes(signal),
    }),

  mutedWords: (client: WhispClient) =>
    queryOptions({
      queryKey: safetyKeys.mutedWords(),
      queryFn: ({ signal }) => client.safety.mutedWords(signal),
    }),
};

/**
 * What a block, mute or muted word changes beyond the member's own flags: every feed, search,
 * hashtag page and the notifications are read anew (the server leaves the member or the words
 * out), the next time they are shown.
 */
async function invalidateWhatIsShown(queryClient: QueryClient) {
  await Promise.all(
    [postKeys.lists(), searchKeys.all, notificationKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** A block also ends follows both ways: counts, lists, suggestions and trends change. */
async function invalidateAfterBlock(queryClient: QueryClient, id: Id) {
  const me = queryClient.getQueryData<CurrentUser>(userKeys.me());
  await Promise.all([
    invalidateWhatIsShown(queryClient),
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: trendKeys.all }),
    queryClient.invalidateQueries({ queryKey: safetyKeys.blocks() }),
    me && queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) }),
    me && queryClient.invalidateQueries({ queryKey: userKeys.byUsername(me.username) }),
  ]);
}

export const safetyMutations = {
  /**
   * `mutate({ id, blocking: true })` blocks, `false` unblocks. The profile's button and every
   * cached copy of the member change once the server agrees; a block also shows the follows
   * both ways gone (unblocking does not bring them back).
   */
  block: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...safetyKeys.all, 'block'],
      mutationFn: ({ id, blocking }: { id: Id; blocking: boolean }) =>
        blocking ? client.safety.block(id) : client.safety.unblock(id),
      onSuccess: async (state, { id }) => {
        updateMemberInCache(queryClient, id, {
          is_blocking: state.is_blocking,
          ...(state.is_blocking ? { is_following: false, is_followed_by: false } : {}),
        });
        if (!state.is_blocking) {
          queryClient.setQueryData(safetyKeys.blocks(), (list: { id: Id }[] | undefined) =>
            list?.filter((member) => member.id !== id),
          );
        }
        await invalidateAfterBlock(queryClient, id);
      },
    }),

  /** `mutate({ id, muting: true })` mutes, `false` unmutes; the profile still shows them. */
  mute: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...safetyKeys.all, 'mute'],
      mutationFn: ({ id, muting }: { id: Id; muting: boolean }) =>
        muting ? client.safety.mute(id) : client.safety.unmute(id),
      onSuccess: async (state, { id }) => {
        updateMemberInCache(queryClient, id, { is_muting: state.is_muting });
        if (!state.is_muting) {
          queryClient.setQueryData(safetyKeys.mutes(), (list: { id: Id }[] | undefined) =>
            list?.filter((member) => member.id !== id),
          );
        }
        await Promise.all([
          invalidateWhatIsShown(queryClient),
          queryClient.invalidateQueries({ queryKey: safetyKeys.mutes() }),
        ]);
      },
    }),

  /** Adds a word (or `#tag`) at the top of the list; one already muted is not listed twice. */
  addMutedWord: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...safetyKeys.all, 'muted-words', 'add'],
      mutationFn: (word: string) => client.safety.addMutedWord(word),
      onSuccess: async (added) => {
        queryClient.setQueryData<MutedWord[]>(safetyKeys.mutedWords(), (list) =>
          list ? [added, ...list.filter((word) => word.id !== added.id)] : list,
        );
        await invalidateWhatIsShown(queryClient);
      },
    }),

  removeMutedWord: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...safetyKeys.all, 'muted-words', 'remove'],
      mutationFn: async (id: Id) => {
        await client.safety.removeMutedWord(id);
        return id;
      },
      onSuccess: async (id) => {
        queryClient.setQueryData<MutedWord[]>(safetyKeys.mutedWords(), (list) =>
          list?.filter((word) => word.id !== id),
        );
        await invalidateWhatIsShown(queryClient);
      },
    }),
};
