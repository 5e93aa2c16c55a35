import { scheduleRefusal } from '@whisp/api-client/contract/composer';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../Button/Button.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './SchedulePicker.css.js';
import {
  fromLocalParts,
  memberTimeZone,
  proposedScheduleTime,
  toLocalParts,
} from './scheduleTime.js';

export interface ScheduleTimeFormProps {
  /** The time shown first (ISO); an hour ahead when left out. */
  initialValue?: string | null;
  /** Called with a time the contract accepts (5 minutes to a year ahead), as ISO. */
  onConfirm: (iso: string) => void;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** The confirm button's label. */
  confirmLabel?: string;
  /** The heading over the fields; none when left out. */
  title?: string;
  /** The clock to check against (stories pin it); `Date.now` by default. */
  now?: () => number;
  /** The zone to name; the browser's by default. The fields always use this device's clock. */
  timeZone?: string;
  /** Greys the confirm button while a change is on its way. */
  busy?: boolean;
}

/**
 * A date and a time on the member's clock, with their time zone named, checked with the same rule
 * the server applies. Not a <form>: it sits inside the composer's form (through a portal, which
 * React events still cross), so Enter in a field confirms through a key handler instead.
 */
export function ScheduleTimeForm({
  initialValue,
  onConfirm,
  onCancel,
  confirmLabel = 'Set time',
  title,
  now = Date.now,
  timeZone,
  busy = false,
}: ScheduleTimeFormProps) {
  const ids = useId();
  const [parts, setParts] = useState(() =>
    toLocalParts(initialValue ?? proposedScheduleTime(now())),
  );
  const [error, setError] = useState<string>();
  const zone = timeZone ?? memberTimeZone();
  const described = error ? `${ids}-error ${ids}-zone` : `${ids}-zone`;

  const confirm = () => {
    const iso = fromLocalParts(parts.date, parts.time);
    const refusal = iso === undefined ? 'scheduleTimeInvalid' : scheduleRefusal(iso, now());
    if (refusal || iso === undefined) {
      setError(errorMessage(refusal ?? 'scheduleTimeInvalid'));
      return;
    }
    setError(undefined);
    onConfirm(iso);
  };
  const confirmOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirm();
  };

  return (
    <fieldset aria-label={title ? undefined : 'Scheduled time'} className={styles.form}>
      {title ? <legend className={styles.title}>{title}</legend> : null}
      <div className={styles.fields}>
        <TextField
          label="Date"
          type="date"
          value={parts.date}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => setParts({ ...parts, date: event.target.value })}
          onKeyDown={confirmOnEnter}
        />
        <TextField
          label="Time"
          type="time"
          value={parts.time}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => setParts({ ...parts, time: event.target.value })}
          onKeyDown={confirmOnEnter}
        />
      </div>
      <p id={`${ids}-zone`} className={styles.zone}>
        Your time zone: {zone}
      </p>
      {error ? (
        <p id={`${ids}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button size="sm" loading={busy} onClick={confirm}>
          {confirmLabel}
        </Button>
      </div>
    </fieldset>
  );
}
