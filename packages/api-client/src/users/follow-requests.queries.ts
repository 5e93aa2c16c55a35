import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { CurrentUser, Id, UserSummary } from '../models.js';
import { updateMemberInCache } from '../query/cache.js';
import { notificationKeys, userKeys } from '../query/keys.js';

// Private accounts (Privacy and preferences 1.2): the follow requests a private member answers.

export const followRequestKeys = {
  all: [...userKeys.all, 'follow-requests'] as const,
};

export const followRequestQueries = {
  /** Who asked to follow the signed-in member, oldest first. */
  list: (client: WhispClient) =>
    queryOptions({
      queryKey: followRequestKeys.all,
      queryFn: ({ signal }) => client.users.followRequests(signal),
    }),
};

/**
 * Accept or decline: the request leaves the list at once (and comes back if the server refuses),
 * then the member's followers count and lists follow the server's answer.
 */
const decide = (decision: 'accept' | 'reject') => (client: WhispClient, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...followRequestKeys.all, decision],
    mutationFn: (id: Id) =>
      decision === 'accept'
        ? client.users.acceptFollowRequest(id)
        : client.users.rejectFollowRequest(id),
    onMutate: async (id: Id) => {
      await queryClient.cancelQueries({ queryKey: followRequestKeys.all });
      const before = queryClient.getQueryData<UserSummary[]>(followRequestKeys.all);
      queryClient.setQueryData<UserSummary[]>(followRequestKeys.all, (list) =>
        list?.filter((member) => member.id !== id),
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(followRequestKeys.all, context.before);
    },
    onSuccess: async ({ followers_count }) => {
      const me = queryClient.getQueryData<CurrentUser>(userKeys.me());
      if (me) updateMemberInCache(queryClient, me.id, { followers_count });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: followRequestKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists(), refetchType: 'none' }),
        // An accepted request's notification now reads as a follow.
        queryClient.invalidateQueries({ queryKey: notificationKeys.all, refetchType: 'none' }),
      ]);
    },
  });

export const followRequestMutations = {
  accept: decide('accept'),
  reject: decide('reject'),
};
