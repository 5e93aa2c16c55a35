import { Button, Dialog } from '@whisp/ui';
import * as styles from './dialogs.css';

/** Delete really deletes (our product decision), so it asks first. */
export default function ConfirmDeleteDialog({
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Content className={styles.narrow}>
        <Dialog.Title>Delete whisp?</Dialog.Title>
        <Dialog.Description>
          This can’t be undone. The whisp disappears from your profile, every feed and search
          results, and its likes, bookmarks and rewhisps go with it.
        </Dialog.Description>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
