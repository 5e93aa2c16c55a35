import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { Id, ScheduledWhisp } from '../models.js';
import { putScheduledInList } from '../query/cache.js';
import { scheduledPostKeys } from '../query/keys.js';
import { useWhispClient } from '../react/WhispClientProvider.js';
import type { ScheduledPostPatch } from './scheduled.api.js';

export { scheduledPostKeys };

export const scheduledPostQueries = {
  /** The member's scheduled whisps, soonest first. */
  list: (client: WhispClient) =>
    queryOptions({
      queryKey: scheduledPostKeys.list(),
      queryFn: ({ signal }) => client.scheduledPosts.list(signal),
    }),
};

export const scheduledPostMutations = {
  /** `mutate({ id, ...patch })`: the list shows the server's answer in its new place. */
  update: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...scheduledPostKeys.all, 'update'],
      mutationFn: ({ id, ...patch }: ScheduledPostPatch & { id: Id }) =>
        client.scheduledPosts.update(id, patch),
      onSuccess: (updated) => putScheduledInList(queryClient, updated),
    }),

  /** `mutate(id)`: it leaves the list once the server has cancelled it. */
  cancel: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...scheduledPostKeys.all, 'cancel'],
      mutationFn: (id: Id) => client.scheduledPosts.cancel(id),
      onSuccess: (_answer, id) =>
        queryClient.setQueryData<ScheduledWhisp[]>(scheduledPostKeys.list(), (list) =>
          list?.filter((whisp) => whisp.id !== id),
        ),
    }),
};

/** The signed-in member's scheduled whisps, soonest first. */
export const useScheduledPosts = () => useQuery(scheduledPostQueries.list(useWhispClient()));
export const useUpdateScheduledPost = () =>
  useMutation(scheduledPostMutations.update(useWhispClient(), useQueryClient()));
export const useCancelScheduledPost = () =>
  useMutation(scheduledPostMutations.cancel(useWhispClient(), useQueryClient()));
