import { Button, Dialog } from '@whisp/ui';
import { Link } from 'react-router-dom';
import * as styles from './SettingsRoute.css';

/** Account deletion goes through support, which confirms the owner before erasing anything. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content className={styles.dialog}>
        <Dialog.Title>Delete your account?</Dialog.Title>
        <Dialog.Description>
          Deleting removes your profile, whisps, likes, bookmarks and messages for good. To make
          sure it is really you, our support team handles deletions: send a request under the
          Account category and we will confirm by email within 24–48 hours.
        </Dialog.Description>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" asChild>
            <Link to="/support/contact?category=account">Request deletion</Link>
          </Button>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
