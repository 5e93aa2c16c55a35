// Story-only wiring of the moderators' server list to @whisp/api-client over its MSW mocks, as
// apps/whisp's /moderation?tab=servers does it, toasts included.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationMutations, moderationQueries, useWhispClient } from '@whisp/api-client/react';
import { InstanceList } from '../components/InstanceList/InstanceList.js';
import { useToast } from '../components/Toast/Toast.js';

const statusOf = (query: { isPending: boolean; isError: boolean }) =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'success';

/** Known servers and servers with a policy; silencing, suspending and lifting go through the API. */
export function ConnectedInstanceList() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const instances = useQuery(moderationQueries.instances(client));
  const setPolicy = useMutation(moderationMutations.setInstancePolicy(client, queryClient));
  const lift = useMutation(moderationMutations.liftInstancePolicy(client, queryClient));
  return (
    <InstanceList
      instances={instances.data ?? []}
      status={statusOf(instances)}
      errorMessage={instances.error instanceof Error ? instances.error.message : undefined}
      onRetry={() => void instances.refetch()}
      onSetPolicy={(host, input) =>
        setPolicy.mutateAsync({ host, ...input }).then(() =>
          toast(input.policy === 'suspend' ? 'Server suspended' : 'Server silenced', {
            variant: 'success',
          }),
        )
      }
      onLiftPolicy={(instance) =>
        lift.mutateAsync(instance.host).then(() => toast('Policy lifted', { variant: 'success' }))
      }
    />
  );
}
