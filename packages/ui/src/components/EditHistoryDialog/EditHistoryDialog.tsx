import type { PostVersion } from '@whisp/api-client';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { forwardRef } from 'react';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import * as Dialog from '../Dialog/Dialog.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Spinner } from '../Spinner/Spinner.js';
import * as styles from './EditHistoryDialog.css.js';

export const editHistoryStatuses = ['loading', 'error', 'success'] as const;
export type EditHistoryStatus = (typeof editHistoryStatuses)[number];

/** Shown when the versions could not be loaded. */
export const EDIT_HISTORY_ERROR_MESSAGE = 'Failed to load the earlier versions. Please try again.';

export interface EditHistoryDialogProps extends Omit<Dialog.ContentProps, 'children'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Close or a click outside. */
  onOpenChange: (open: boolean) => void;
  /**
   * The whisp's versions as `GET /api/posts/{id}/history` answers them: oldest first, the
   * current one last. Shown newest first. Undefined until they have loaded.
   */
  versions: readonly PostVersion[] | undefined;
  /** Where the request is: a spinner while `loading`, the error and Retry on `error`. */
  status: EditHistoryStatus;
  /** Retry after an error. */
  onRetry?: () => void;
}

/**
 * An edited whisp's versions, newest first: each with its time, its content warning and its
 * text, the current one marked. Presentational: the app loads the versions and passes `status`.
 */
export const EditHistoryDialog = forwardRef<HTMLDivElement, EditHistoryDialogProps>(
  function EditHistoryDialog({ open, onOpenChange, versions, status, onRetry, ...props }, ref) {
    const newestFirst = versions ? [...versions].reverse() : [];
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Content ref={ref} aria-busy={status === 'loading' || undefined} {...props}>
          <Dialog.Title>Edit history</Dialog.Title>
          <Dialog.Description className={styles.description}>
            Every version of this whisp, newest first.
          </Dialog.Description>
          {status === 'loading' ? (
            <div className={styles.centered}>
              <Spinner label="Loading earlier versions" />
            </div>
          ) : status === 'error' ? (
            <ErrorState message={EDIT_HISTORY_ERROR_MESSAGE} onRetry={onRetry} retryLabel="Retry" />
          ) : (
            <ol className={styles.list}>
              {newestFirst.map((version, index) => (
                <Version
                  // Versions never reorder; two may share a time when edited within a second.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  key={index}
                  version={version}
                  current={index === 0}
                />
              ))}
            </ol>
          )}
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);

function Version({ version, current }: { version: PostVersion; current: boolean }) {
  const format = useWhispFormatter();
  return (
    <li className={styles.version} data-current={current || undefined}>
      <p className={styles.meta}>
        <time dateTime={version.created_at}>{format.fullDateTime(version.created_at)}</time>
        {current ? <span className={styles.currentBadge}>Current version</span> : null}
      </p>
      {version.content_warning ? (
        <p className={styles.warning}>
          <TriangleAlert aria-hidden width={14} height={14} />
          <span>Content warning: {version.content_warning}</span>
        </p>
      ) : null}
      {version.content.trim() ? (
        <p className={styles.text}>{version.content}</p>
      ) : (
        <p className={styles.empty}>No text</p>
      )}
    </li>
  );
}
