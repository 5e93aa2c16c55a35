import ShieldBan from 'lucide-react/icons/shield-ban';
import { forwardRef, useRef } from 'react';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import * as styles from './BlockConfirmDialog.css.js';

export interface BlockConfirmDialogProps
  extends Omit<Dialog.ContentProps, 'children' | 'title' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel or a click outside (not while `pending`). */
  onOpenChange: (open: boolean) => void;
  /** The member to block, without the @: their `acct` (`alice@remote.example` for a remote one). */
  username: string;
  /** Block was pressed; the dialog stays open (and shows `pending`) until the app closes it. */
  onConfirm: () => void;
  /** The block is on its way: Block shows a spinner and the dialog cannot be dismissed. */
  pending?: boolean;
}

/**
 * Asks before blocking a member, saying what a block does (both ways, follows removed, not told,
 * undone in Settings). It opens on Cancel, so Enter never blocks by accident; `returnFocus`
 * (see `Dialog.Content`) is where focus goes when the whisp or profile that opened it is gone.
 */
export const BlockConfirmDialog = forwardRef<HTMLDivElement, BlockConfirmDialogProps>(
  function BlockConfirmDialog(
    { open, onOpenChange, username, onConfirm, pending = false, onOpenAutoFocus, ...props },
    ref,
  ) {
    const cancel = useRef<HTMLButtonElement>(null);
    const name = `@${username}`;
    return (
      <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
        <Dialog.Content
          ref={ref}
          className={styles.content}
          data-pending={pending || undefined}
          {...props}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            if (event.defaultPrevented || !cancel.current) return;
            event.preventDefault();
            cancel.current.focus();
          }}
        >
          <div className={styles.header}>
            <span className={styles.icon} aria-hidden="true">
              <ShieldBan width={20} height={20} />
            </span>
            <Dialog.Title>Block {name}?</Dialog.Title>
          </div>
          <Dialog.Description asChild>
            <div>
              <ul className={styles.effects}>
                <li>
                  They can’t see your profile or whisps or message you, and you won’t see theirs.
                </li>
                <li>Follows between you are removed; unblocking doesn’t bring them back.</li>
                <li>They aren’t told that you blocked them.</li>
                <li>You can unblock them in Settings, Muted and blocked.</li>
              </ul>
            </div>
          </Dialog.Description>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button ref={cancel} variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              Block
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);
