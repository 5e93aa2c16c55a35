import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationMutations, moderationQueries, useWhispClient } from '@whisp/api-client/react';
import { InstanceList, useToast } from '@whisp/ui';
import { messageOf } from './messageOf';

/**
 * Other servers, with their members known here and the policy on each: silence, suspend (with a
 * reason) and lift. A failure stays in the dialog with the server's message, so the reason
 * typed is not lost.
 */
export function InstancesPanel() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const instances = useQuery(moderationQueries.instances(client));
  const setPolicy = useMutation(moderationMutations.setInstancePolicy(client, queryClient));
  const lift = useMutation(moderationMutations.liftInstancePolicy(client, queryClient));

  return (
    <InstanceList
      instances={instances.data ?? []}
      status={instances.isPending ? 'loading' : instances.isError ? 'error' : 'success'}
      errorMessage={instances.error ? messageOf(instances.error) : undefined}
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
