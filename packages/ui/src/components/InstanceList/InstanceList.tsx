import type { InstancePolicy, InstancePolicyInput, ModerationInstance } from '@whisp/api-client';
import { INSTANCE_POLICIES } from '@whisp/api-client/contract/choices';
import Plus from 'lucide-react/icons/plus';
import Server from 'lucide-react/icons/server';
import { type ComponentPropsWithoutRef, forwardRef, useCallback, useRef, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './InstanceList.css.js';
import { InstancePolicyDialog } from './InstancePolicyDialog.js';
import { InstanceRow } from './InstanceRow.js';
import {
  INSTANCE_POLICY_EXPLANATIONS,
  INSTANCE_POLICY_LABELS,
  INSTANCES_EMPTY_TITLE,
  INSTANCES_LOAD_FAILED,
} from './instancePolicyText.js';
import { LiftPolicyDialog } from './LiftPolicyDialog.js';

export const instanceListStatuses = ['loading', 'error', 'success'] as const;
export type InstanceListStatus = (typeof instanceListStatuses)[number];

export interface InstanceListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Known servers and servers with a policy, by host (as the API lists them). */
  instances: readonly ModerationInstance[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the rows. */
  status?: InstanceListStatus;
  /** The error state's message (the server's when there is one). */
  errorMessage?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /**
   * Silences or suspends a server (one of the list, or a host typed in "Add a server") with the
   * reason given. When it returns a promise the dialog stays open until it settles and shows a
   * rejection's message; resolving closes it.
   */
  onSetPolicy: (host: string, input: InstancePolicyInput) => unknown;
  /** Lifts a server's policy, after a confirmation; a promise is treated as for `onSetPolicy`. */
  onLiftPolicy: (instance: ModerationInstance) => unknown;
  /** The time "Set 3d" is measured from (stories and tests pin it). */
  now?: Date;
}

/** What the open dialog is about; kept while it closes, so its text does not change meanwhile. */
type Asked =
  | { dialog: 'policy'; host?: string; policy?: InstancePolicy }
  | { dialog: 'lift'; host: string; policy: InstancePolicy; instance: ModerationInstance };

/**
 * The moderators' page of other servers: each with its members known here and its policy, and
 * Silence, Suspend and Lift; "Add a server" sets a policy on a server not in the list yet.
 */
export const InstanceList = forwardRef<HTMLDivElement, InstanceListProps>(function InstanceList(
  {
    instances,
    status = 'success',
    errorMessage = INSTANCES_LOAD_FAILED,
    onRetry,
    onSetPolicy,
    onLiftPolicy,
    now,
    className,
    ...props
  },
  ref,
) {
  const root = useRef<HTMLDivElement | null>(null);
  const [asked, setAsked] = useState<Asked>({ dialog: 'policy' });
  const [open, setOpen] = useState(false);
  // The row a dialog was opened from, and where it stood: its button may be gone once the policy
  // changed (a silenced server offers Suspend, not Silence), or the row itself (a server nobody
  // here knows leaves the list once its policy is lifted). Focus then goes to the row, or to the
  // row that took its place, or to the empty list's heading, never to <body>.
  const actedOn = useRef<{ host: string; index: number } | undefined>(undefined);
  const returnFocus = useCallback(() => {
    const container = root.current;
    const last = actedOn.current;
    if (!container || !last) return null;
    const rows = [...container.querySelectorAll<HTMLElement>('li[data-host]')];
    return (
      rows.find((row) => row.dataset.host === last.host) ??
      rows[Math.min(last.index, rows.length - 1)] ??
      container.querySelector<HTMLElement>('h2, h3')
    );
  }, []);

  const ask = (next: Asked, index?: number) => {
    actedOn.current = next.host && index !== undefined ? { host: next.host, index } : undefined;
    setAsked(next);
    setOpen(true);
  };

  return (
    <div
      ref={(node) => {
        root.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cx(styles.root, className)}
      data-status={status}
      {...props}
    >
      <div className={styles.header}>
        <dl className={styles.explanations}>
          {INSTANCE_POLICIES.map((policy) => (
            <div key={policy} className={styles.explanation}>
              <dt className={styles.badge} data-policy={policy}>
                {INSTANCE_POLICY_LABELS[policy]}
              </dt>
              <dd className={styles.explanationText}>{INSTANCE_POLICY_EXPLANATIONS[policy]}</dd>
            </div>
          ))}
        </dl>
        <Button variant="secondary" onClick={() => ask({ dialog: 'policy' })}>
          <Plus aria-hidden width={16} height={16} />
          Add a server
        </Button>
      </div>

      {status === 'loading' ? (
        <div role="status" aria-busy="true">
          <VisuallyHidden>Loading servers</VisuallyHidden>
          {[0, 1, 2].map((index) => (
            <div key={index} className={styles.skeletonRow} aria-hidden="true">
              <Skeleton circle width={40} height={40} />
              <span className={styles.details}>
                <Skeleton width="40%" height={16} />
                <Skeleton width="25%" height={12} />
              </span>
            </div>
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={errorMessage} onRetry={onRetry} retryLabel="Retry" />
      ) : instances.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<Server />}
          title={INSTANCES_EMPTY_TITLE}
          description="Servers show up here once their members are followed, mentioned or met here. Add one to silence or suspend it before then."
        />
      ) : (
        <ul className={styles.list} aria-label="Servers">
          {instances.map((instance, index) => (
            <InstanceRow
              key={instance.host}
              instance={instance}
              now={now}
              onChoosePolicy={(chosen, policy) =>
                ask({ dialog: 'policy', host: chosen.host, policy }, index)
              }
              onChooseLift={(chosen) => {
                if (!chosen.policy) return;
                ask(
                  { dialog: 'lift', host: chosen.host, policy: chosen.policy, instance: chosen },
                  index,
                );
              }}
            />
          ))}
        </ul>
      )}

      <InstancePolicyDialog
        open={open && asked.dialog === 'policy'}
        onOpenChange={setOpen}
        host={asked.dialog === 'policy' ? asked.host : undefined}
        policy={asked.dialog === 'policy' ? asked.policy : undefined}
        returnFocus={returnFocus}
        onSubmit={({ host, policy, reason }) => onSetPolicy(host, { policy, reason })}
      />
      {asked.dialog === 'lift' ? (
        <LiftPolicyDialog
          open={open}
          onOpenChange={setOpen}
          host={asked.host}
          policy={asked.policy}
          returnFocus={returnFocus}
          onConfirm={() => onLiftPolicy(asked.instance)}
        />
      ) : null}
    </div>
  );
});
