import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationReport, ReportStatus, UserSummary } from '@whisp/api-client';
import { moderationMutations, moderationQueries, useWhispClient } from '@whisp/api-client/react';
import {
  EmptyState,
  ErrorState,
  ModerationQueueItem,
  type ModerationResolution,
  memberHandle,
  useToast,
  WhispSkeletonList,
} from '@whisp/ui';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState } from 'react';
import { useFocusNextItem } from '../../app/a11y/useFocusNextItem';
import { RouterLink } from '../../app/RouterLink';
import { messageOf } from './messageOf';

/** What the toast says once a report is resolved. */
function resolvedMessage(report: ModerationReport, { action }: ModerationResolution): string {
  if (action === 'dismiss') return 'Report dismissed';
  if (action === 'remove_post') return `Whisp by ${memberHandle(report.user)} removed`;
  return `${memberHandle(report.user)} suspended`;
}

/** The open reports (oldest first, to act on) or the resolved ones (newest first). */
export function ReportQueue({ status }: { status: ReportStatus }) {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const reports = useQuery(moderationQueries.reports(client, status));
  const resolve = useMutation(moderationMutations.resolveReport(client, queryClient));
  const unsuspend = useMutation(moderationMutations.unsuspend(client, queryClient));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A resolved report leaves the open queue: focus goes on to the next one, or to the empty
  // state's heading once none is left.
  const focus = useFocusNextItem<HTMLDivElement>({
    items: reports.data,
    itemSelector: ':scope > article',
    focusTarget: (report) => report,
    fallback: (container) => container.querySelector('h2'),
  });

  const onResolve = (report: ModerationReport, resolution: ModerationResolution) =>
    resolve
      .mutateAsync({ id: report.id, ...resolution })
      .then(() => {
        setErrors(({ [report.id]: _, ...rest }) => rest);
        // A suspension can be lifted; a removed whisp or a dismissal cannot be taken back.
        toast(
          resolvedMessage(report, resolution),
          resolution.action === 'suspend_user'
            ? {
                action: {
                  label: 'Undo',
                  altText: `Unsuspend ${memberHandle(report.user)} from the Resolved tab or the log`,
                  onAction: () => onUnsuspend(report.user),
                },
              }
            : { variant: 'success' },
        );
      })
      .catch((failure: Error) => {
        setErrors((current) => ({ ...current, [report.id]: failure.message }));
        throw failure;
      });

  const onUnsuspend = (member: UserSummary) =>
    unsuspend.mutate(member.id, {
      onSuccess: () => toast(`${memberHandle(member)} can sign in again`, { variant: 'success' }),
      onError: (failure) => toast(failure.message, { variant: 'error' }),
    });

  return <div ref={focus}>{queueContent()}</div>;

  function queueContent() {
    if (reports.isPending) {
      return (
        <div role="status" aria-busy="true" aria-label="Loading reports">
          <WhispSkeletonList count={3} />
        </div>
      );
    }
    if (reports.isError) {
      return (
        <ErrorState message={messageOf(reports.error)} onRetry={() => void reports.refetch()} />
      );
    }
    if (reports.data.length === 0) {
      return status === 'open' ? (
        <EmptyState
          icon={<ShieldCheck />}
          title="No open reports"
          description="Reports from members show up here, the oldest first."
        />
      ) : (
        <EmptyState
          icon={<ShieldCheck />}
          title="No resolved reports yet"
          description="Reports you and other moderators resolve are kept here."
        />
      );
    }
    return (
      <>
        {reports.data.map((report) => (
          <ModerationQueueItem
            key={report.id}
            report={report}
            onResolve={onResolve}
            onUnsuspend={onUnsuspend}
            unsuspending={unsuspend.isPending && unsuspend.variables === report.user.id}
            error={errors[report.id]}
            linkComponent={RouterLink}
          />
        ))}
      </>
    );
  }
}
