import type { InstancePolicy, ModerationInstance } from '@whisp/api-client';
import { INSTANCE_POLICIES } from '@whisp/api-client/contract/choices';
import Globe from 'lucide-react/icons/globe';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './InstanceList.css.js';
import { INSTANCE_POLICY_ACTIONS, INSTANCE_POLICY_LABELS } from './instancePolicyText.js';

export interface InstanceRowProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  instance: ModerationInstance;
  /** Silence or Suspend was pressed (each is offered unless it is the policy in force). */
  onChoosePolicy?: (instance: ModerationInstance, policy: InstancePolicy) => void;
  /** Lift was pressed (offered while a policy is in force). */
  onChooseLift?: (instance: ModerationInstance) => void;
  /** The time "Set 3d" is measured from (stories and tests pin it). */
  now?: Date;
}

/**
 * One server in the moderators' list: its host, how many of its members are known here, and the
 * policy in force with its reason and age; then the actions that change it.
 */
export const InstanceRow = forwardRef<HTMLLIElement, InstanceRowProps>(function InstanceRow(
  { instance, onChoosePolicy, onChooseLift, now, className, ...props },
  ref,
) {
  const format = useWhispFormatter();
  const hostId = useId();
  const { host, members, policy, reason, since } = instance;
  const membersHere =
    members === 0
      ? 'No members here'
      : `${format.count(members)} ${members === 1 ? 'member' : 'members'} here`;
  return (
    <li
      ref={ref}
      className={cx(styles.row, className)}
      aria-labelledby={hostId}
      data-host={host}
      data-policy={policy ?? 'none'}
      {...props}
    >
      <span className={styles.icon} aria-hidden="true">
        <Globe width={20} height={20} />
      </span>
      <div className={styles.details}>
        <span id={hostId} className={styles.host}>
          {host}
        </span>
        <span className={styles.muted}>{membersHere}</span>
        {policy ? (
          <>
            <span className={styles.policyLine}>
              <span className={styles.badge} data-policy={policy}>
                {INSTANCE_POLICY_LABELS[policy]}
              </span>
              {since ? (
                <span className={styles.muted}>
                  Set{' '}
                  <time dateTime={since} title={format.fullDateTime(since)}>
                    {format.relativeTime(since, now)}
                  </time>
                </span>
              ) : null}
            </span>
            {reason ? (
              <p className={styles.reason}>
                <VisuallyHidden>Reason: </VisuallyHidden>
                {reason}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {onChoosePolicy || onChooseLift ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields.
        <div className={styles.actions} role="group" aria-label={`Policy on ${host}`}>
          {onChoosePolicy
            ? INSTANCE_POLICIES.filter((choice) => choice !== policy).map((choice) => (
                <Button
                  key={choice}
                  variant="secondary"
                  size="sm"
                  className={styles.action}
                  // Every row has these buttons; the host says which server.
                  aria-label={`${INSTANCE_POLICY_ACTIONS[choice]} ${host}`}
                  onClick={() => onChoosePolicy(instance, choice)}
                >
                  {INSTANCE_POLICY_ACTIONS[choice]}
                </Button>
              ))
            : null}
          {policy && onChooseLift ? (
            <Button
              variant="secondary"
              size="sm"
              className={styles.action}
              aria-label={`Lift the policy on ${host}`}
              onClick={() => onChooseLift(instance)}
            >
              Lift
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
