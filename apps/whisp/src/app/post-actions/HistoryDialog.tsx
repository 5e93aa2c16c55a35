import type { Post } from '@whisp/api-client';
import { usePostHistory } from '@whisp/api-client/react';
import { EditHistoryDialog } from '@whisp/ui';

/** An edited whisp's earlier versions, read when someone opens them ("Edited" on its card). */
export default function HistoryDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const history = usePostHistory(post.id);
  return (
    <EditHistoryDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      versions={history.data}
      status={history.isPending ? 'loading' : history.isError ? 'error' : 'success'}
      onRetry={() => void history.refetch()}
    />
  );
}
