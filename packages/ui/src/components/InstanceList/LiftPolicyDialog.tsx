import type { InstancePolicy } from '@whisp/api-client';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import * as styles from './InstanceList.css.js';
import { INSTANCE_POLICY_LABELS, INSTANCE_POLICY_LIFTED } from './instancePolicyText.js';

export interface LiftPolicyDialogProps
  extends Omit<Dialog.ContentProps, 'children' | 'title' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel, a click outside (not while lifting) and once lifted. */
  onOpenChange: (open: boolean) => void;
  /** The server whose policy ends. */
  host: string;
  /** The policy in force. */
  policy: InstancePolicy;
  /**
   * Lift was pressed. When it returns a promise the dialog stays open until it settles, and shows
   * a rejection's message.
   */
  onConfirm: () => unknown;
}

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message
    ? failure.message
    : 'Something went wrong. Please try again.';

/**
 * Asks before a server's silence or suspension ends, saying what that gives back. It opens on
 * Cancel, so Enter never lifts a policy by accident.
 */
export const LiftPolicyDialog = forwardRef<HTMLDivElement, LiftPolicyDialogProps>(
  function LiftPolicyDialog(
    { open, onOpenChange, host, policy, onConfirm, onOpenAutoFocus, className, ...props },
    ref,
  ) {
    const cancel = useRef<HTMLButtonElement>(null);
    const [sending, setSending] = useState(false);
    const [failure, setFailure] = useState<string>();
    useEffect(() => {
      if (open) setFailure(undefined);
    }, [open]);

    async function confirm() {
      setFailure(undefined);
      const result = onConfirm();
      if (!(result instanceof Promise)) return onOpenChange(false);
      setSending(true);
      try {
        await result;
        onOpenChange(false);
      } catch (error) {
        setFailure(messageOf(error));
      } finally {
        setSending(false);
      }
    }

    return (
      <Dialog.Root open={open} onOpenChange={(next) => (sending ? undefined : onOpenChange(next))}>
        <Dialog.Content
          ref={ref}
          className={cx(styles.dialog, className)}
          data-policy={policy}
          data-pending={sending || undefined}
          {...props}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            if (event.defaultPrevented || !cancel.current) return;
            event.preventDefault();
            cancel.current.focus();
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>Lift the policy on {host}?</Dialog.Title>
          <Dialog.Description>
            It is {INSTANCE_POLICY_LABELS[policy].toLowerCase()} now.{' '}
            {INSTANCE_POLICY_LIFTED[policy]}
          </Dialog.Description>
          {failure ? (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          ) : null}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button ref={cancel} variant="secondary" disabled={sending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button loading={sending} onClick={() => void confirm()}>
              Lift policy
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);
