import type { ModerationAction, ModerationLogEntry, UserSummary } from '@whisp/api-client';
import CircleCheck from 'lucide-react/icons/circle-check';
import ShieldBan from 'lucide-react/icons/shield-ban';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash-2';
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement, useMemo } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { memberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import * as styles from './ModerationLog.css.js';

export const moderationLogStatuses = ['loading', 'error', 'success'] as const;
export type ModerationLogStatus = (typeof moderationLogStatuses)[number];

export interface ModerationLogProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Newest first, as the server sends them. */
  entries: readonly ModerationLogEntry[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the entries. */
  status?: ModerationLogStatus;
  /** The error state's message (the server's when there is one). */
  errorMessage?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** Offered on the latest suspension of a member who is still suspended. */
  onUnsuspend?: (member: UserSummary) => void;
  /** Members whose unsuspension is on its way: their button shows progress. */
  unsuspendingIds?: ReadonlySet<string>;
  /** Renders the links to profiles (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
  /** The time relative times are measured from (stories and tests pin it). */
  now?: Date;
}

/** What each action reads as after the moderator's name, and its icon. */
const actions: Record<ModerationAction, { text: string; icon: ReactElement }> = {
  dismiss: { text: 'dismissed a report about', icon: <CircleCheck /> },
  remove_post: { text: 'removed a whisp by', icon: <Trash2 /> },
  suspend_user: { text: 'suspended', icon: <ShieldBan /> },
  unsuspend_user: { text: 'lifted the suspension of', icon: <ShieldCheck /> },
};

/**
 * The ids of entries that are a member's current suspension: the newest suspend or unsuspend of
 * each member, when it is a suspension.
 */
function currentSuspensions(entries: readonly ModerationLogEntry[]): Set<string> {
  const seen = new Set<string>();
  const current = new Set<string>();
  for (const entry of entries) {
    if (entry.action !== 'suspend_user' && entry.action !== 'unsuspend_user') continue;
    if (seen.has(entry.target_user.id)) continue;
    seen.add(entry.target_user.id);
    if (entry.action === 'suspend_user') current.add(entry.id);
  }
  return current;
}

/** Every moderation action, newest first: who did what to whom, the note, and when. */
export const ModerationLog = forwardRef<HTMLDivElement, ModerationLogProps>(function ModerationLog(
  {
    entries,
    status = 'success',
    errorMessage = 'Failed to load the moderation log',
    onRetry,
    onUnsuspend,
    unsuspendingIds,
    linkComponent,
    now,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  const format = useWhispFormatter();
  const suspended = useMemo(() => currentSuspensions(entries), [entries]);
  return (
    <div ref={ref} className={cx(styles.root, className)} data-status={status} {...props}>
      {status === 'loading' ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the moderation log"
          className={styles.loading}
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={20} width={`${80 - key * 15}%`} />
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={errorMessage} onRetry={onRetry} retryLabel="Retry" />
      ) : entries.length === 0 ? (
        <p className={styles.empty}>No moderation actions yet.</p>
      ) : (
        <ol className={styles.list} aria-label="Moderation log">
          {entries.map((entry) => {
            const action = actions[entry.action];
            const member = entry.target_user;
            return (
              <li key={entry.id} className={styles.row} data-action={entry.action}>
                <span className={styles.icon} data-action={entry.action} aria-hidden="true">
                  {action.icon}
                </span>
                <div className={styles.body}>
                  <p className={styles.sentence}>
                    <span className={styles.strong}>{entry.moderator.display_name}</span>{' '}
                    {action.text}{' '}
                    <Link href={memberHref(member)} className={styles.strong}>
                      {memberHandle(member)}
                    </Link>
                  </p>
                  {entry.note ? <p className={styles.note}>{entry.note}</p> : null}
                  <time
                    className={styles.time}
                    dateTime={entry.created_at}
                    title={format.fullDateTime(entry.created_at)}
                  >
                    {format.relativeTime(entry.created_at, now)}
                  </time>
                </div>
                {onUnsuspend && suspended.has(entry.id) ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={unsuspendingIds?.has(member.id) ?? false}
                    onClick={() => onUnsuspend(member)}
                  >
                    Unsuspend {memberHandle(member)}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
});
