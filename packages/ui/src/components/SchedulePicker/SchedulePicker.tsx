import CalendarClock from 'lucide-react/icons/calendar-clock';
import X from 'lucide-react/icons/x';
import { forwardRef } from 'react';
import { useControllableState } from '../../utilities/useControllableState.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { IconButton, type TooltipSide } from '../IconButton/IconButton.js';
import * as Popover from '../Popover/Popover.js';
import * as styles from './SchedulePicker.css.js';
import { ScheduleTimeForm } from './ScheduleTimeForm.js';

export interface SchedulePickerProps {
  /** The scheduled time (ISO), or null to publish at once. */
  value: string | null;
  /** Called with a time the contract accepts, once the member sets it. */
  onValueChange: (iso: string) => void;
  /** The button's accessible name and tooltip. */
  label?: string;
  /** Whether the picker is open, controlled; or leave it to the button. */
  open?: boolean;
  /** Whether it starts open, when uncontrolled (stories). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The clock to check against (stories pin it); `Date.now` by default. */
  now?: () => number;
  /** The zone to name; the browser's by default. */
  timeZone?: string;
  side?: TooltipSide;
  disabled?: boolean;
}

/** A "Schedule" button that opens a date and time, checked 5 minutes to a year ahead. */
export const SchedulePicker = forwardRef<HTMLButtonElement, SchedulePickerProps>(
  function SchedulePicker(
    {
      value,
      onValueChange,
      label = 'Schedule for later',
      open: openProp,
      defaultOpen = false,
      onOpenChange,
      now,
      timeZone,
      side = 'top',
      disabled,
    },
    ref,
  ) {
    const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
    return (
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <IconButton ref={ref} label={label} pressed={value !== null} disabled={disabled}>
            <CalendarClock />
          </IconButton>
        </Popover.Trigger>
        <Popover.Content side={side} align="start" aria-label="Schedule whisp">
          <ScheduleTimeForm
            title="Schedule whisp"
            initialValue={value}
            now={now}
            timeZone={timeZone}
            onCancel={() => setOpen(false)}
            onConfirm={(iso) => {
              onValueChange(iso);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Root>
    );
  },
);

export interface ScheduleSummaryProps {
  /** The scheduled time (ISO). */
  value: string;
  /** "Clear schedule": publish at once instead. */
  onClear: () => void;
}

/** The chip that says when a whisp will go out, with a button to publish at once instead. */
export function ScheduleSummary({ value, onClear }: ScheduleSummaryProps) {
  const format = useWhispFormatter();
  return (
    <p className={styles.summary}>
      <span className={styles.summaryIcon} aria-hidden="true">
        <CalendarClock size={16} />
      </span>
      Scheduled for {format.fullDateTime(value)}
      <IconButton label="Clear schedule" size="sm" onClick={onClear}>
        <X />
      </IconButton>
    </p>
  );
}
