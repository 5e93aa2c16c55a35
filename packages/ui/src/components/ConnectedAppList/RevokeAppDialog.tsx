import Unplug from 'lucide-react/icons/unplug';
import { forwardRef, useRef } from 'react';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import * as styles from './ConnectedAppList.css.js';

export interface RevokeAppDialogProps
  extends Omit<Dialog.ContentProps, 'children' | 'title' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel or a click outside (not while `pending`). */
  onOpenChange: (open: boolean) => void;
  /** The app whose access ends. */
  appName: string;
  /** Revoke was pressed. */
  onConfirm: () => void;
  /** The revocation is on its way: Revoke shows a spinner and the dialog cannot be dismissed. */
  pending?: boolean;
}

/**
 * Asks before an app loses its access to the member's account, saying what that does. It opens
 * on Cancel, so Enter never revokes by accident.
 */
export const RevokeAppDialog = forwardRef<HTMLDivElement, RevokeAppDialogProps>(
  function RevokeAppDialog(
    { open, onOpenChange, appName, onConfirm, pending = false, onOpenAutoFocus, ...props },
    ref,
  ) {
    const cancel = useRef<HTMLButtonElement>(null);
    return (
      <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
        <Dialog.Content
          ref={ref}
          className={styles.dialog}
          data-pending={pending || undefined}
          {...props}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            if (event.defaultPrevented || !cancel.current) return;
            event.preventDefault();
            cancel.current.focus();
          }}
        >
          <div className={styles.dialogHeader}>
            <span className={styles.dialogIcon} aria-hidden="true">
              <Unplug width={20} height={20} />
            </span>
            <Dialog.Title>Revoke {appName}?</Dialog.Title>
          </div>
          <Dialog.Description>
            {appName} will be signed out and can no longer use your account. To use it again, sign
            in from the app.
          </Dialog.Description>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button ref={cancel} variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              Revoke
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);
