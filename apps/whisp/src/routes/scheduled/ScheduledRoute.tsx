import { isApiError } from '@whisp/api-client';
import {
  useCancelScheduledPost,
  useScheduledPosts,
  useUpdateScheduledPost,
} from '@whisp/api-client/react';
import { ScheduledWhispList, useToast } from '@whisp/ui';
import { useState } from 'react';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { PageHeader } from '../../shared/PageHeader';

const CHANGE_FAILED = 'Your change was not saved. Try again.';

/** What the server said, shown under the whisp it was about. */
function refusal(reason: unknown): string {
  return isApiError(reason) && reason.message ? reason.message : CHANGE_FAILED;
}

/** The member's scheduled whisps, soonest first: a new time, new text, or cancelled. */
export default function ScheduledRoute() {
  useDocumentTitle('Scheduled');
  const { toast } = useToast();
  const scheduled = useScheduledPosts();
  const update = useUpdateScheduledPost();
  const cancel = useCancelScheduledPost();
  const [pendingIds, setPendingIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // One change per whisp at a time: its buttons wait, and its last failure shows under it.
  const track = (id: string, change: Promise<unknown>) => {
    setPendingIds((ids) => [...ids, id]);
    setErrors(({ [id]: _gone, ...rest }) => rest);
    change
      .catch((reason: unknown) => setErrors((current) => ({ ...current, [id]: refusal(reason) })))
      .finally(() => setPendingIds((ids) => ids.filter((pending) => pending !== id)));
  };

  return (
    <>
      <PageHeader title="Scheduled" />
      <ScheduledWhispList
        items={scheduled.data ?? []}
        status={
          scheduled.isPending
            ? 'loading'
            : scheduled.isError && !scheduled.data
              ? 'error'
              : 'success'
        }
        onRetry={() => void scheduled.refetch()}
        pendingIds={pendingIds}
        errors={errors}
        onReschedule={(id, scheduledAt) =>
          track(id, update.mutateAsync({ id, scheduled_at: scheduledAt }))
        }
        onEditText={(id, content) => track(id, update.mutateAsync({ id, content }))}
        onCancel={(id) =>
          track(
            id,
            cancel.mutateAsync(id).then(({ message }) => toast(message, { variant: 'success' })),
          )
        }
      />
    </>
  );
}
