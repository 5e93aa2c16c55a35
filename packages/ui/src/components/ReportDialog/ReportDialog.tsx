import type { ReportReason } from '@whisp/api-client';
import { REPORT_REASONS } from '@whisp/api-client/contract/choices';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { REPORT_DETAILS_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { REPORT_REASON_LABELS } from '@whisp/api-client/contract/moderation-notices';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { TextArea } from '../TextArea/TextArea.js';
import * as styles from './ReportDialog.css.js';

export const reportTargetTypes = ['post', 'user'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

export interface ReportDialogValues {
  reason: ReportReason;
  /** Trimmed; absent when the reporter wrote nothing. */
  details?: string;
  /** Also send the report to the member's own server; false unless `remoteHost` was offered and ticked. */
  forward: boolean;
}

export interface ReportDialogProps extends Omit<Dialog.ContentProps, 'children' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** A whisp (named by its author) or a member. */
  targetType: ReportTargetType;
  /**
   * The member reported, or the reported whisp's author, without the @: their `acct`
   * (`alice@remote.example` for a member of another server).
   */
  username: string;
  /**
   * The server of a member of another server (`remote.example`): the dialog offers to send the
   * report there too. Absent for this server's members.
   */
  remoteHost?: string;
  /** Called with the reason, the details and the forwarding choice once a reason is chosen. */
  onSubmit: (report: ReportDialogValues) => void;
  /** The report is on its way: Send report shows a spinner. */
  sending?: boolean;
  /** A failure from the server. */
  error?: string;
}

/** Shown when Send is pressed before a reason is chosen. */
export const REPORT_REASON_MISSING_MESSAGE = 'Choose the reason that fits best.';

/** Under the forwarding checkbox: what the other server's moderators receive. */
export const REPORT_FORWARD_HINT =
  'Their moderators see the reason and your details, not your name.';

/**
 * Reporting a whisp or a member: one of the contract's reasons (with its label) and optional
 * details, for the moderators. It opens on the first reason. For a member of another server
 * it also offers to send the report to that server (off until the reporter ticks it).
 */
export const ReportDialog = forwardRef<HTMLDivElement, ReportDialogProps>(function ReportDialog(
  {
    open,
    onOpenChange,
    targetType,
    username,
    remoteHost,
    onSubmit,
    sending = false,
    error,
    onOpenAutoFocus,
    ...props
  },
  ref,
) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [forward, setForward] = useState(false);
  const missingId = useId();
  const forwardHintId = useId();
  const reasons = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (open) {
      setReason(null);
      setDetails('');
      setMissingReason(false);
      setForward(false);
    }
  }, [open]);
  const tooLong = countGraphemes(details) > REPORT_DETAILS_MAX_LENGTH;
  const name = `@${username}`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        ref={ref}
        className={styles.content}
        data-target={targetType}
        {...props}
        // The first reason: the choice the dialog is for, and nothing is sent by landing there.
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          const first = reasons.current?.querySelector('input');
          if (event.defaultPrevented || !first) return;
          event.preventDefault();
          first.focus();
        }}
      >
        <Dialog.Title>{targetType === 'post' ? 'Report content' : `Report ${name}`}</Dialog.Title>
        <Dialog.Description>
          {targetType === 'post'
            ? `Tell us what is wrong with this whisp by ${name}.`
            : `Tell us what is wrong with ${name}’s account.`}{' '}
          Our moderators review every report; {name} is not told who sent it.
        </Dialog.Description>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) {
              setMissingReason(true);
              return;
            }
            if (tooLong) return;
            const trimmed = details.trim();
            // Unticked, or a member of this server: the report stays with our moderators.
            const forwarded = Boolean(remoteHost) && forward;
            onSubmit(
              trimmed
                ? { reason, details: trimmed, forward: forwarded }
                : { reason, forward: forwarded },
            );
          }}
        >
          <fieldset
            ref={reasons}
            aria-describedby={missingReason ? missingId : undefined}
            className={styles.reasons}
          >
            <legend className={styles.legend}>Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={styles.reason}
                data-state={reason === value ? 'checked' : 'unchecked'}
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissingReason(false);
                  }}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
            {missingReason ? (
              <p id={missingId} className={cx(styles.error, styles.missing)} role="alert">
                {REPORT_REASON_MISSING_MESSAGE}
              </p>
            ) : null}
          </fieldset>
          <TextArea
            label="Details (optional)"
            hint="What happened, and anything the moderators should look at."
            value={details}
            rows={3}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            onChange={(event) => setDetails(event.target.value)}
            error={tooLong ? ERRORS.reportDetailsTooLong.message : undefined}
          />
          {remoteHost ? (
            <div className={styles.forward}>
              <label className={styles.forwardLabel}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={forward}
                  aria-describedby={forwardHintId}
                  onChange={(event) => setForward(event.target.checked)}
                />
                Also send this report to {remoteHost}
              </label>
              <p id={forwardHintId} className={styles.forwardHint}>
                {REPORT_FORWARD_HINT}
              </p>
            </div>
          ) : null}
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" loading={sending} disabled={tooLong}>
              Send report
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
});
