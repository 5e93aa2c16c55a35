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

const soonestFirst = (a: ScheduledWhisp, b: ScheduledWhisp) =>
  Date.parse(a.scheduled_at) - Date.parse(b.scheduled_at) || (a.id < b.id ? -1 : 1);

export const scheduledPostMutations = {
  /** `mutate({ id, ...patch })`: the list shows the server's answer in its new place. */
  update: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...scheduledPostKeys.all, 'update'],
      mutationFn: ({ id, ...patch }: ScheduledPostPatch & { id: Id }) =>
        client.scheduledPosts.update(id, patch),
      onSuccess: (updated) =>
        queryClient.setQueryData<ScheduledWhisp[]>(scheduledPostKeys.list(), (list) =>
          list?.map((whisp) => (whisp.id === updated.id ? updated : whisp)).sort(soonestFirst),
        ),
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
