import type { InstancePolicy } from '@whisp/api-client';
import { INSTANCE_POLICIES } from '@whisp/api-client/contract/choices';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { isInstanceHost, normaliseInstanceHost } from '@whisp/api-client/contract/instance-hosts';
import { INSTANCE_POLICY_REASON_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { TextArea } from '../TextArea/TextArea.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './InstanceList.css.js';
import {
  INSTANCE_POLICY_ACTIONS,
  INSTANCE_POLICY_EXPLANATIONS,
  INSTANCE_POLICY_LABELS,
} from './instancePolicyText.js';

export interface InstancePolicyChoice {
  /** Trimmed and lower case, as the server stores it. */
  host: string;
  policy: InstancePolicy;
  /** Trimmed; never empty. */
  reason: string;
}

export interface InstancePolicyDialogProps
  extends Omit<Dialog.ContentProps, 'children' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel, a click outside (not while sending) and once set. */
  onOpenChange: (open: boolean) => void;
  /** The server to act on; without it the dialog asks for a host ("Add a server"). */
  host?: string;
  /** The policy to set; without it the dialog offers both, Silence first. */
  policy?: InstancePolicy;
  /**
   * Receives the host, the policy and the reason once they pass the contract's checks. When it
   * returns a promise the dialog stays open until it settles, and shows a rejection's message.
   */
  onSubmit: (choice: InstancePolicyChoice) => unknown;
}

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message
    ? failure.message
    : 'Something went wrong. Please try again.';

/**
 * Silencing or suspending another server, with the reason the other moderators will read
 * (required, up to the contract's length). Opens on the first thing to fill in: the host when
 * adding a server, else the reason.
 */
export const InstancePolicyDialog = forwardRef<HTMLDivElement, InstancePolicyDialogProps>(
  function InstancePolicyDialog(
    { open, onOpenChange, host, policy, onSubmit, onOpenAutoFocus, className, ...props },
    ref,
  ) {
    const [typedHost, setTypedHost] = useState('');
    const [chosen, setChosen] = useState<InstancePolicy>(policy ?? 'silence');
    const [reason, setReason] = useState('');
    const [hostError, setHostError] = useState<string>();
    const [reasonError, setReasonError] = useState<string>();
    const [failure, setFailure] = useState<string>();
    const [sending, setSending] = useState(false);
    const hostField = useRef<HTMLInputElement>(null);
    const reasonField = useRef<HTMLTextAreaElement>(null);
    useEffect(() => {
      if (!open) return;
      setTypedHost('');
      setChosen(policy ?? 'silence');
      setReason('');
      setHostError(undefined);
      setReasonError(undefined);
      setFailure(undefined);
    }, [open, policy]);

    const adding = host === undefined;
    const tooLong = countGraphemes(reason) > INSTANCE_POLICY_REASON_MAX_LENGTH;
    const action = INSTANCE_POLICY_ACTIONS[chosen];

    async function submit() {
      const target = adding ? normaliseInstanceHost(typedHost) : host;
      const trimmed = reason.trim();
      // The contract's own checks, the ones the server applies, so nothing is sent to be refused.
      const badHost = !isInstanceHost(target);
      setHostError(badHost ? ERRORS.instanceHostInvalid.message : undefined);
      setReasonError(trimmed ? undefined : ERRORS.instanceReasonRequired.message);
      if (badHost) return hostField.current?.focus();
      if (!trimmed) return reasonField.current?.focus();
      if (tooLong) return;
      setFailure(undefined);
      const result = onSubmit({ host: target, policy: chosen, reason: trimmed });
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
            const first = adding ? hostField.current : reasonField.current;
            if (event.defaultPrevented || !first) return;
            event.preventDefault();
            first.focus();
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>
            {adding ? 'Add a server' : `${action} ${host}?`}
          </Dialog.Title>
          <Dialog.Description>
            {adding
              ? 'Silence or suspend a server, also one nobody here has met yet.'
              : INSTANCE_POLICY_EXPLANATIONS[chosen]}
          </Dialog.Description>
          <form
            className={styles.dialogForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {adding ? (
              <TextField
                ref={hostField}
                label="Server"
                hint="Its host name, like example.com or example.com:8443."
                value={typedHost}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                onChange={(event) => {
                  setTypedHost(event.target.value);
                  setHostError(undefined);
                }}
                error={hostError}
              />
            ) : null}
            {policy === undefined ? (
              <fieldset className={styles.policies}>
                <legend className={styles.legend}>Policy</legend>
                {INSTANCE_POLICIES.map((value) => (
                  <label
                    key={value}
                    className={styles.policyChoice}
                    data-state={chosen === value ? 'checked' : 'unchecked'}
                  >
                    <input
                      type="radio"
                      name="instance-policy"
                      value={value}
                      checked={chosen === value}
                      onChange={() => setChosen(value)}
                    />
                    <span className={styles.policyChoiceText}>
                      <span className={styles.policyChoiceName}>
                        {INSTANCE_POLICY_ACTIONS[value]}
                      </span>
                      <span className={styles.muted}>{INSTANCE_POLICY_EXPLANATIONS[value]}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <TextArea
              ref={reasonField}
              label="Reason"
              hint={`Why it is ${INSTANCE_POLICY_LABELS[chosen].toLowerCase()}, for the other moderators.`}
              rows={3}
              value={reason}
              required
              maxLength={INSTANCE_POLICY_REASON_MAX_LENGTH}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
              error={tooLong ? ERRORS.instanceReasonTooLong.message : reasonError}
            />
            {failure ? (
              <p className={styles.error} role="alert">
                {failure}
              </p>
            ) : null}
            <Dialog.Footer>
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={sending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button
                type="submit"
                variant={chosen === 'suspend' ? 'danger' : 'primary'}
                loading={sending}
                disabled={tooLong}
              >
                {action} server
              </Button>
            </Dialog.Footer>
          </form>
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);
