// Story-only wiring of the safety and moderation components to @whisp/api-client over its MSW
// mocks, as the app does it (apps/whisp's Settings → Muted and blocked, and /moderation).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moderationMutations,
  moderationQueries,
  safetyMutations,
  safetyQueries,
  useWhispClient,
} from '@whisp/api-client/react';
import { MemberList } from '../components/MemberList/MemberList.js';
import { ModerationQueueItem } from '../components/ModerationQueueItem/ModerationQueueItem.js';
import { MutedWordList } from '../components/MutedWordList/MutedWordList.js';

const statusOf = (query: { isPending: boolean; isError: boolean }) =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'success';

/** The viewer's muted words, added and removed through the API. */
export function ConnectedMutedWords() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const words = useQuery(safetyQueries.mutedWords(client));
  const add = useMutation(safetyMutations.addMutedWord(client, queryClient));
  const remove = useMutation(safetyMutations.removeMutedWord(client, queryClient));
  return (
    <MutedWordList
      words={words.data ?? []}
      status={statusOf(words)}
      errorMessage={words.error?.message}
      onRetry={() => void words.refetch()}
      onAdd={(word) => add.mutateAsync(word)}
      onRemove={(word) => remove.mutate(word.id)}
      removingIds={remove.isPending && remove.variables ? new Set([remove.variables]) : undefined}
    />
  );
}

/** The members the viewer mutes, each with Unmute through the API. */
export function ConnectedMutedMembers() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const mutes = useQuery(safetyQueries.mutes(client));
  const mute = useMutation(safetyMutations.mute(client, queryClient));
  return (
    <MemberList
      label="Muted members"
      members={mutes.data ?? []}
      status={statusOf(mutes)}
      errorMessage={mutes.error?.message}
      onRetry={() => void mutes.refetch()}
      emptyMessage="You have not muted anyone."
      actionLabel="Unmute"
      onAction={(member) => mute.mutate({ id: member.id, muting: false })}
      pendingIds={mute.isPending && mute.variables ? new Set([mute.variables.id]) : undefined}
    />
  );
}

/** The open reports, oldest first, as a moderator sees them; resolving goes through the API. */
export function ConnectedModerationQueue() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const reports = useQuery(moderationQueries.reports(client, 'open'));
  const resolve = useMutation(moderationMutations.resolveReport(client, queryClient));
  if (reports.isPending) return <p role="status">Loading reports…</p>;
  if (reports.isError) return <p role="alert">{String((reports.error as Error).message)}</p>;
  if (reports.data.length === 0) return <p>No open reports</p>;
  return (
    <div>
      {reports.data.map((report) => (
        <ModerationQueueItem
          key={report.id}
          report={report}
          onResolve={(target, resolution) => resolve.mutateAsync({ id: target.id, ...resolution })}
        />
      ))}
    </div>
  );
}
