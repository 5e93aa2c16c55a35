import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@whisp/api-client';
import { moderationMutations, moderationQueries, useWhispClient } from '@whisp/api-client/react';
import { ModerationLog, memberHandle, useToast } from '@whisp/ui';
import { RouterLink } from '../../app/RouterLink';
import { messageOf } from './messageOf';

/** Every moderation action, newest first; a member still suspended can be unsuspended here. */
export function ModerationLogPanel() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const log = useQuery(moderationQueries.log(client));
  const unsuspend = useMutation(moderationMutations.unsuspend(client, queryClient));

  const onUnsuspend = (member: UserSummary) =>
    unsuspend.mutate(member.id, {
      onSuccess: () => toast(`${memberHandle(member)} can sign in again`, { variant: 'success' }),
      onError: (failure) => toast(failure.message, { variant: 'error' }),
    });

  return (
    <ModerationLog
      entries={log.data ?? []}
      status={log.isPending ? 'loading' : log.isError ? 'error' : 'success'}
      errorMessage={log.error ? messageOf(log.error) : undefined}
      onRetry={() => void log.refetch()}
      onUnsuspend={onUnsuspend}
      unsuspendingIds={
        unsuspend.isPending && unsuspend.variables ? new Set([unsuspend.variables]) : undefined
      }
      linkComponent={RouterLink}
    />
  );
}
