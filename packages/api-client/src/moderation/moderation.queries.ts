import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { Id, ModerationInstance, ReportStatus, Role } from '../models.js';
import { postKeys, userKeys } from '../query/keys.js';
import { useWhispClient } from '../react/WhispClientProvider.js';
import type { InstancePolicyInput, ReportInput, ReportResolution } from './moderation.api.js';

/** The moderation queue, log and other servers: `all → reports(status) | log | instances`. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reportLists: () => [...moderationKeys.all, 'reports'] as const,
  reports: (status: ReportStatus) => [...moderationKeys.reportLists(), { status }] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
  instances: () => [...moderationKeys.all, 'instances'] as const,
};

// A 401 or 403 (a member) is an answer: asking again cannot change it.
const retryUnlessRefused = (count: number, error: unknown) =>
  ![401, 403].includes((error as { status?: number }).status ?? 0) && count < 2;

export const moderationQueries = {
  /** Open reports oldest first (the queue), resolved ones newest first. Moderators and admins. */
  reports: (client: WhispClient, status: ReportStatus = 'open') =>
    queryOptions({
      queryKey: moderationKeys.reports(status),
      queryFn: ({ signal }) => client.moderation.listReports(status, signal),
      retry: retryUnlessRefused,
    }),

  log: (client: WhispClient) =>
    queryOptions({
      queryKey: moderationKeys.log(),
      queryFn: ({ signal }) => client.moderation.log(signal),
      retry: retryUnlessRefused,
    }),

  /** Known servers and servers with a policy, by host. Moderators and admins. */
  instances: (client: WhispClient) =>
    queryOptions({
      queryKey: moderationKeys.instances(),
      queryFn: ({ signal }) => client.moderation.listInstances(signal),
      retry: retryUnlessRefused,
    }),
};

/** Puts a server's new state in the cached list, in host order, as the server lists it. */
function storeInstance(queryClient: QueryClient, instance: ModerationInstance) {
  queryClient.setQueryData(moderationKeys.instances(), (list: ModerationInstance[] | undefined) => {
    if (!list) return list;
    const others = list.filter((entry) => entry.host !== instance.host);
    // A server nobody here knows leaves the list once its policy is lifted.
    const kept =
      instance.policy === null && instance.members === 0 ? others : [...others, instance];
    return kept.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  });
}

export const moderationMutations = {
  reportPost: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'report-post'],
      mutationFn: ({ id, ...input }: ReportInput & { id: Id }) =>
        client.moderation.reportPost(id, input),
    }),

  reportUser: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'report-user'],
      mutationFn: ({ id, ...input }: ReportInput & { id: Id }) =>
        client.moderation.reportUser(id, input),
    }),

  /**
   * Resolves a report. The queue and the log are fetched again, and after a removal or a
   * suspension so is every cached list of whisps (the whisp, or all of the member's, are gone).
   */
  resolveReport: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'resolve'],
      mutationFn: ({ id, ...resolution }: ReportResolution & { id: Id }) =>
        client.moderation.resolveReport(id, resolution),
      onSuccess: (report, { action }) => {
        void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
        if (action === 'remove_post' || action === 'suspend_user') {
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
          void queryClient.invalidateQueries({ queryKey: userKeys.detail(report.user.id) });
        }
      },
    }),

  unsuspend: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'unsuspend'],
      mutationFn: (userId: Id) => client.moderation.unsuspend(userId),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      },
    }),

  /** Silences or suspends a server; the cached list shows it at once. */
  setInstancePolicy: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'set-instance-policy'],
      mutationFn: ({ host, ...input }: InstancePolicyInput & { host: string }) =>
        client.moderation.setInstancePolicy(host, input),
      onSuccess: (instance) => storeInstance(queryClient, instance),
    }),

  liftInstancePolicy: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'lift-instance-policy'],
      mutationFn: (host: string) => client.moderation.liftInstancePolicy(host),
      onSuccess: (instance) => storeInstance(queryClient, instance),
    }),

  setRole: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...moderationKeys.all, 'set-role'],
      mutationFn: ({ id, role }: { id: Id; role: Role }) => client.moderation.setRole(id, role),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
    }),
};

function useBound<T>(factory: (client: WhispClient, queryClient: QueryClient) => T) {
  return factory(useWhispClient(), useQueryClient());
}

export const useModerationReports = (status: ReportStatus = 'open') =>
  useQuery(moderationQueries.reports(useWhispClient(), status));
export const useModerationLog = () => useQuery(moderationQueries.log(useWhispClient()));
export const useReportPost = () => useMutation(useBound(moderationMutations.reportPost));
export const useReportUser = () => useMutation(useBound(moderationMutations.reportUser));
export const useResolveReport = () => useMutation(useBound(moderationMutations.resolveReport));
export const useUnsuspend = () => useMutation(useBound(moderationMutations.unsuspend));
export const useSetRole = () => useMutation(useBound(moderationMutations.setRole));
export const useModerationInstances = () => useQuery(moderationQueries.instances(useWhispClient()));
export const useSetInstancePolicy = () =>
  useMutation(useBound(moderationMutations.setInstancePolicy));
export const useLiftInstancePolicy = () =>
  useMutation(useBound(moderationMutations.liftInstancePolicy));
