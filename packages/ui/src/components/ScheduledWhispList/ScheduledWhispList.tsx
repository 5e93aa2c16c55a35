import type { ScheduledWhisp } from '@whisp/api-client';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useState } from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { ScheduleTimeForm } from '../SchedulePicker/ScheduleTimeForm.js';
import { Spinner } from '../Spinner/Spinner.js';
import * as styles from './ScheduledWhispList.css.js';
import { ScheduledWhispText } from './ScheduledWhispText.js';

export const scheduledWhispListStatuses = ['loading', 'error', 'empty', 'success'] as const;
export type ScheduledWhispListStatus = (typeof scheduledWhispListStatuses)[number];

export const SCHEDULED_EMPTY_TITLE = 'No scheduled whisps';
export const SCHEDULED_EMPTY_DESCRIPTION =
  'Whisps you schedule from the composer wait here until their time.';
export const SCHEDULED_LOAD_FAILED = 'Your scheduled whisps could not be loaded.';

export interface ScheduledWhispListProps extends ComponentPropsWithoutRef<'div'> {
  /** Pending whisps, soonest first (as the server lists them). */
  items: ScheduledWhisp[];
  /** `empty` is also shown for `success` with no items. */
  status: ScheduledWhispListStatus;
  /** A new time (ISO) the contract accepts. */
  onReschedule: (id: string, scheduledAt: string) => void;
  /** New text, trimmed and non-empty. */
  onEditText: (id: string, content: string) => void;
  /** "Cancel whisp": it is never published. */
  onCancel: (id: string) => void;
  /** Whisps with a change on its way: their buttons wait. */
  pendingIds?: readonly string[];
  /** A failure per whisp (the server's message), shown under it. */
  errors?: Readonly<Record<string, string>>;
  /** The error state's "Try again". */
  onRetry?: () => void;
  /** The error state's message. */
  errorMessage?: string;
  /** The clock the time editor checks against (stories pin it). */
  now?: () => number;
  /** The zone the time editor names; the browser's by default. */
  timeZone?: string;
}

type Editing = { id: string; part: 'time' | 'text' } | null;

/** Pending scheduled whisps, each with its time, text and media, to edit or cancel. */
export const ScheduledWhispList = forwardRef<HTMLDivElement, ScheduledWhispListProps>(
  function ScheduledWhispList(
    {
      items,
      status,
      onReschedule,
      onEditText,
      onCancel,
      pendingIds = [],
      errors = {},
      onRetry,
      errorMessage = SCHEDULED_LOAD_FAILED,
      now,
      timeZone,
      className,
      ...props
    },
    ref,
  ) {
    const format = useWhispFormatter();
    const [editing, setEditing] = useState<Editing>(null);

    let body: ReactNode;
    if (status === 'loading') {
      body = <Spinner label="Loading scheduled whisps" />;
    } else if (status === 'error') {
      body = <ErrorState message={errorMessage} onRetry={onRetry} />;
    } else if (status === 'empty' || items.length === 0) {
      body = (
        <EmptyState
          icon={<CalendarClock />}
          title={SCHEDULED_EMPTY_TITLE}
          description={SCHEDULED_EMPTY_DESCRIPTION}
        />
      );
    } else {
      body = (
        <ul className={styles.list} aria-label="Scheduled whisps">
          {items.map((item) => {
            const pending = pendingIds.includes(item.id);
            const error = errors[item.id];
            const when = format.fullDateTime(item.scheduled_at);
            const isEditing = (part: 'time' | 'text') =>
              editing?.id === item.id && editing.part === part;
            return (
              <li
                key={item.id}
                className={styles.item}
                aria-busy={pending || undefined}
                data-pending={pending || undefined}
              >
                <span className={styles.time}>
                  <CalendarClock size={16} aria-hidden="true" />
                  <time dateTime={item.scheduled_at}>{when}</time>
                </span>
                {item.content_warning ? (
                  <p className={styles.warning}>Content warning: {item.content_warning}</p>
                ) : null}
                <p className={styles.content}>{item.content}</p>
                {item.media.length > 0 || item.poll ? (
                  <p className={styles.extras}>
                    {item.media.length > 0
                      ? `${item.media.length} ${item.media.length === 1 ? 'attachment' : 'attachments'}`
                      : `Poll: ${item.poll?.options.join(' / ')}`}
                  </p>
                ) : null}
                {isEditing('time') ? (
                  <div className={styles.editor}>
                    <ScheduleTimeForm
                      initialValue={item.scheduled_at}
                      confirmLabel="Save time"
                      now={now}
                      timeZone={timeZone}
                      onCancel={() => setEditing(null)}
                      onConfirm={(iso) => {
                        onReschedule(item.id, iso);
                        setEditing(null);
                      }}
                    />
                  </div>
                ) : null}
                {isEditing('text') ? (
                  <ScheduledWhispText
                    initialValue={item.content}
                    onCancel={() => setEditing(null)}
                    onSave={(content) => {
                      onEditText(item.id, content);
                      setEditing(null);
                    }}
                  />
                ) : null}
                {error ? (
                  <p className={styles.error} role="alert">
                    {error}
                  </p>
                ) : null}
                {editing?.id === item.id ? null : (
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={pending}
                      aria-label={`Edit time of the whisp scheduled for ${when}`}
                      onClick={() => setEditing({ id: item.id, part: 'time' })}
                    >
                      Edit time
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={pending}
                      aria-label={`Edit text of the whisp scheduled for ${when}`}
                      onClick={() => setEditing({ id: item.id, part: 'text' })}
                    >
                      Edit text
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      loading={pending}
                      aria-label={`Cancel whisp scheduled for ${when}`}
                      onClick={() => onCancel(item.id)}
                    >
                      Cancel whisp
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      );
    }

    return (
      <div ref={ref} className={cx(className)} {...props}>
        {body}
      </div>
    );
  },
);
